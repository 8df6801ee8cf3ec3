import { clsx } from "clsx";

// The badge's classes by tone. They never conflict with each other, so a badge without extra
// classes needs no tailwind-merge: client components of light pages use plainBadgeClasses and keep
// tailwind-merge out of those pages' script.
const TONES = {
  neutral: "bg-surface-muted text-ink-muted ring-line",
  accent: "bg-accent-soft text-accent-soft-ink ring-accent/20",
  success: "bg-success-soft text-success ring-success/20",
  warning: "bg-warning-soft text-warning ring-warning/25",
  danger: "bg-danger-soft text-danger ring-danger/20",
} as const;

export type BadgeTone = keyof typeof TONES;

// The classes of a badge of this tone, with nothing to override.
export function plainBadgeClasses(tone: BadgeTone = "neutral"): string {
  return clsx(
    "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
    TONES[tone],
  );
}
