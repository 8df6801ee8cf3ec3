import type { ReactNode } from "react";
import { clsx } from "clsx";

export interface EmptyStateProps {
  icon?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  // Headings must not skip levels: h2 directly under a page title, h3 inside a card.
  headingLevel?: 2 | 3;
}

// Says honestly why there is nothing to show and, when there is one, what to do about it.
export function EmptyState({ icon, title, children, action, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div
      className={clsx(
        "border-line-strong flex flex-col items-center gap-3 rounded-xl border border-dashed",
        "bg-surface/60 px-6 py-12 text-center",
      )}
    >
      {icon ? (
        <div className="bg-accent-soft text-accent-soft-ink flex size-12 items-center justify-center rounded-full [&_svg]:size-6">
          {icon}
        </div>
      ) : null}
      <Heading className="text-ink text-lg font-semibold">{title}</Heading>
      {children ? <div className="text-ink-muted max-w-prose text-sm/6">{children}</div> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
