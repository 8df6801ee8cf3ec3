import type { ButtonHTMLAttributes } from "react";
import { cn } from "@/lib/utils";
import { plainButtonClasses, type ButtonSize, type ButtonVariant } from "./button-variants";

export type { ButtonSize, ButtonVariant };

// The classes of a button, for links and other elements that must look like one.
export function buttonClasses(
  variant: ButtonVariant = "primary",
  size: ButtonSize = "md",
  className?: string,
): string {
  return cn(plainButtonClasses(variant, size), className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

// A button that defaults to type="button", so it never submits a form by accident.
export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}
