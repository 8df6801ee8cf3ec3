import type { HTMLAttributes } from "react";
import { cn } from "@/lib/utils";
import { plainBadgeClasses, type BadgeTone } from "./badge-tones";

export type { BadgeTone };

// A short label for a state or a category; the text must make sense without the colour.
export function Badge({
  tone = "neutral",
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return <span className={cn(plainBadgeClasses(tone), className)} {...props} />;
}
