import type { ReactNode } from "react";
import { clsx } from "clsx";
import { CARD_CLASSES } from "@/components/ui/card-classes";

export interface ChartCardProps {
  id: string;
  title: string;
  // What the chart shows, in one or two sentences: the text alternative everyone can read.
  summary: ReactNode;
  // The chart (hidden from assistive technology) and its legend.
  children: ReactNode;
  // The chart's numbers as a table, behind a disclosure.
  table: ReactNode;
}

// A chart as a figure: title, a sentence saying what it shows, the drawing, and its data as a table.
export function ChartCard({ id, title, summary, children, table }: ChartCardProps) {
  return (
    <div className={clsx(CARD_CLASSES, "flex min-w-0 flex-col")}>
      <figure aria-labelledby={`${id}-title`} className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex flex-col gap-1">
          <h2 id={`${id}-title`} className="text-ink text-base font-semibold">
            {title}
          </h2>
          <figcaption className="text-ink-muted text-sm">{summary}</figcaption>
        </div>
        {children}
        <details className="group text-sm">
          <summary className="text-accent-soft-ink w-fit cursor-pointer rounded font-medium">
            Show the numbers as a table
          </summary>
          <div className="mt-3 overflow-x-auto">{table}</div>
        </details>
      </figure>
    </div>
  );
}

// Classes for the tables behind the charts, so they read alike.
export const tableClasses = {
  table: "w-full border-collapse text-left text-sm tabular-nums",
  caption: "text-ink-muted mb-2 text-left text-xs",
  th: "border-line text-ink-muted border-b px-2 py-1.5 text-xs font-semibold",
  td: "border-line text-ink border-b px-2 py-1.5",
} as const;

export interface LegendItem {
  label: string;
  // A background utility of the theme (bg-success, ...), the same colour the chart draws.
  swatch: string;
}

// The chart's colours in words; the table says the same without colour.
export function ChartLegend({ items }: { items: readonly LegendItem[] }) {
  return (
    <ul className="text-ink-muted flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-label="Legend">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={clsx("size-2.5 rounded-sm", item.swatch)} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
