import { cn } from "@/lib/utils";
import { INPUT_CLASSES } from "./input-base";

export { errorClasses, helpClasses, labelClasses } from "./input-base";

// The look of a text input, select or textarea in the ingest wizard, matching components/ui.
// `aria-invalid` turns the border red, so passing the attribute is all a field needs to do.
export function inputClasses(className?: string): string {
  return cn(INPUT_CLASSES, className);
}
