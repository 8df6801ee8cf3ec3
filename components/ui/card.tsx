import type { HTMLAttributes } from "react";
import { cn } from "@/lib/utils";
import { CARD_CLASSES } from "./card-classes";

// A bordered surface that groups related content.
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn(CARD_CLASSES, className)} {...props} />;
}

// The top of a card: a title, an optional description, room for actions.
export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("flex flex-col gap-1 p-5 pb-0", className)} {...props} />;
}

// A card's title; a heading level of h2 suits cards placed directly under a page's h1.
export function CardTitle({
  className,
  as: Heading = "h2",
  ...props
}: HTMLAttributes<HTMLHeadingElement> & { as?: "h2" | "h3" }) {
  return <Heading className={cn("text-ink text-base font-semibold", className)} {...props} />;
}

// A card's secondary text.
export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn("text-ink-muted text-sm", className)} {...props} />;
}

// A card's main content.
export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("p-5", className)} {...props} />;
}
