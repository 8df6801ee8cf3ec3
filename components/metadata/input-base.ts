// The fields' classes: a text input's, select's or textarea's own (input-classes.ts merges overrides
// into them). Client components of pages that load no tailwind-merge otherwise join them with
// classes that override none of them (a height, a font), by clsx.
export const INPUT_CLASSES = [
  "border-line-strong bg-surface text-ink placeholder:text-ink-muted/70 block w-full rounded-lg border px-3 text-sm shadow-sm",
  "transition-colors disabled:cursor-not-allowed disabled:opacity-60",
  "aria-invalid:border-danger aria-invalid:bg-danger-soft/30",
].join(" ");

// Label text above a field.
export const labelClasses = "text-ink text-sm font-medium";
// A help text under a label.
export const helpClasses = "text-ink-muted text-sm";
// An error message at a field.
export const errorClasses = "text-danger text-sm font-medium";
