import { clsx } from "clsx";

// The button's classes by variant and size. None of them conflicts with another, so a button
// without extra classes needs no tailwind-merge: client components on every page (the error
// boundaries) use plainButtonClasses and keep tailwind-merge out of every page's script.
const VARIANTS = {
  primary: "bg-accent text-accent-ink shadow-sm hover:bg-accent/90",
  secondary: "border border-line-strong bg-surface text-ink shadow-sm hover:bg-surface-muted",
  ghost: "text-ink-muted hover:bg-surface-muted hover:text-ink",
  danger: "bg-danger text-white shadow-sm hover:bg-danger/90 dark:text-canvas",
} as const;

const SIZES = {
  sm: "h-8 gap-1.5 rounded-md px-3 text-sm",
  md: "h-10 gap-2 rounded-lg px-4 text-sm",
  icon: "size-9 rounded-lg",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

// The classes of a button of this variant and size, with nothing to override.
export function plainButtonClasses(
  variant: ButtonVariant = "primary",
  size: ButtonSize = "md",
): string {
  return clsx(
    "inline-flex shrink-0 items-center justify-center font-medium whitespace-nowrap transition-colors",
    "disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
    VARIANTS[variant],
    SIZES[size],
  );
}
