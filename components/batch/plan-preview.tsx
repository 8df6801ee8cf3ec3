"use client";
// The planned packages: key, title, files and rows, every one of them in a windowed table (only
// the rows in view are rendered, so a thousand packages stay cheap).
import type { BatchPlan } from "@/lib/batch/plan";
import { ROW_HEIGHT, useRowWindow } from "./use-row-window";

export function PlanPreview({ plan }: { plan: BatchPlan }) {
  const rows = useRowWindow(plan.packages.length);
  const shown = plan.packages.slice(rows.first, rows.last);
  return (
    <section aria-labelledby="plan-preview" className="flex flex-col gap-2">
      <h2 id="plan-preview" className="text-ink text-base font-semibold">
        {plan.packages.length === 1 ? "1 package" : `${plan.packages.length} packages`}
      </h2>
      <div
        className="border-line overflow-auto rounded-lg border"
        style={{ maxHeight: rows.boxHeight + ROW_HEIGHT }}
        onScroll={rows.onScroll}
        // A scrolled region is reachable by keyboard (axe: scrollable-region-focusable).
        tabIndex={0}
        role="region"
        aria-label="The planned packages"
      >
        <table className="w-full text-left text-sm" aria-rowcount={plan.packages.length + 1}>
          <caption className="sr-only">The planned packages</caption>
          <thead className="bg-surface-muted text-ink-muted sticky top-0">
            <tr style={{ height: ROW_HEIGHT }}>
              <th scope="col" className="px-3 font-medium">
                Package
              </th>
              <th scope="col" className="px-3 font-medium">
                Title
              </th>
              <th scope="col" className="px-3 font-medium">
                Files
              </th>
              <th scope="col" className="px-3 font-medium">
                Rows
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.before > 0 && <tr aria-hidden style={{ height: rows.before }} />}
            {shown.map((pkg, i) => (
              <tr
                key={pkg.key}
                aria-rowindex={rows.first + i + 2}
                className="border-line border-t"
                style={{ height: ROW_HEIGHT }}
              >
                <td className="truncate px-3 font-mono text-xs">{pkg.key || "(all files)"}</td>
                <td className="truncate px-3">{pkg.title ?? "—"}</td>
                <td className="px-3">{pkg.files.length}</td>
                <td className="truncate px-3">{pkg.rows.join(", ") || "—"}</td>
              </tr>
            ))}
            {rows.after > 0 && <tr aria-hidden style={{ height: rows.after }} />}
          </tbody>
        </table>
      </div>
    </section>
  );
}
