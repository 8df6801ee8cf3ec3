import { cn } from "@/lib/utils";

// The look of a text input, select or textarea in the ingest wizard, matching components/ui.
// `aria-invalid` turns the border red, so passing the attribute is all a field needs to do.
export function inputClasses(className?: string): string {
  return cn(
    "border-line-strong bg-surface text-ink placeholder:text-ink-muted/70 block w-full rounded-lg border px-3 text-sm shadow-sm",
    "transition-colors disabled:cursor-not-allowed disabled:opacity-60",
    "aria-invalid:border-danger aria-invalid:bg-danger-soft/30",
    className,
  );
}

// Label text above a field.
export const labelClasses = "text-ink text-sm font-medium";
// A help text under a label.
export const helpClasses = "text-ink-muted text-sm";
// An error message at a field.
export const errorClasses = "text-danger text-sm font-medium";
