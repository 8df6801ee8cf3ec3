import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  // Buttons or links for the page's main actions, shown beside the title on wide screens.
  actions?: ReactNode;
  className?: string;
}

// The page's one h1 with a sentence saying what the page is for.
export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <header
      className={cn(
        "border-line flex flex-col gap-4 border-b pb-6 sm:flex-row sm:items-end sm:justify-between",
        className,
      )}
    >
      <div className="flex min-w-0 flex-col gap-1.5">
        <h1 className="text-ink text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
        {description ? <p className="text-ink-muted max-w-2xl text-base">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </header>
  );
}
