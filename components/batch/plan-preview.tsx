"use client";
// The planned packages: key, title, files and metadata, the first few hundred of them.
import type { BatchPlan } from "@/lib/batch/plan";

const SHOWN = 200;

export function PlanPreview({ plan }: { plan: BatchPlan }) {
  const shown = plan.packages.slice(0, SHOWN);
  return (
    <section aria-labelledby="plan-preview" className="flex flex-col gap-2">
      <h2 id="plan-preview" className="text-ink text-base font-semibold">
        {plan.packages.length === 1 ? "1 package" : `${plan.packages.length} packages`}
      </h2>
      <div className="border-line overflow-x-auto rounded-lg border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">The planned packages</caption>
          <thead className="bg-surface-muted text-ink-muted">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Package
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Title
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Files
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Rows
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((pkg) => (
              <tr key={pkg.key} className="border-line border-t">
                <td className="px-3 py-1.5 font-mono text-xs">{pkg.key || "(all files)"}</td>
                <td className="px-3 py-1.5">{pkg.title ?? "—"}</td>
                <td className="px-3 py-1.5">{pkg.files.length}</td>
                <td className="px-3 py-1.5">{pkg.rows.join(", ") || "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {plan.packages.length > SHOWN && (
        <p className="text-ink-muted text-sm">and {plan.packages.length - SHOWN} more.</p>
      )}
    </section>
  );
}
