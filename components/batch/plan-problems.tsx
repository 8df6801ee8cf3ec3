"use client";
// Every problem of the plan where it can be fixed: a row's cells editable in place, or the row
// (or the file without a row) excluded from the batch.
import { inputClasses } from "@/components/metadata/input-classes";
import { Button } from "@/components/ui/button";
import type { ColumnTarget } from "@/lib/batch/columns";
import type { CsvRow } from "@/lib/batch/csv";
import type { BatchPlan } from "@/lib/batch/plan";

export interface PlanProblemsProps {
  plan: BatchPlan;
  headers: readonly string[];
  rows: readonly CsvRow[];
  mapping: readonly ColumnTarget[];
  onEditCell: (row: number, column: number, value: string) => void;
  onExcludeRow: (row: number) => void;
  onExcludeFiles: (paths: string[]) => void;
}

// Shown at most: a spreadsheet with a wrong column would otherwise list every row.
const SHOWN = 50;

export function PlanProblems({
  plan,
  headers,
  rows,
  mapping,
  onEditCell,
  onExcludeRow,
  onExcludeFiles,
}: PlanProblemsProps) {
  if (plan.problems.length === 0) return null;
  const byRow = new Map(rows.map((r) => [r.row, r]));
  const used = mapping.flatMap((m, i) => (m.kind === "ignore" ? [] : [i]));
  return (
    <section aria-labelledby="plan-problems" className="flex flex-col gap-3">
      <h2 id="plan-problems" className="text-danger text-base font-semibold">
        {plan.problems.length === 1
          ? "1 problem to fix before sending"
          : `${plan.problems.length} problems to fix before sending`}
      </h2>
      <ul className="flex flex-col gap-3">
        {plan.problems.slice(0, SHOWN).map((problem, i) => {
          const row = problem.row === undefined ? undefined : byRow.get(problem.row);
          const files = plan.packages.find((p) => p.key === problem.packageKey)?.files ?? [];
          return (
            <li key={i} className="border-danger/40 bg-danger-soft/20 rounded-lg border p-3">
              <p className="text-ink text-sm">{problem.message}</p>
              {row && (
                <div className="mt-2 flex flex-wrap items-end gap-2">
                  {used.map((column) => (
                    <label key={column} className="flex flex-col gap-1 text-xs">
                      <span className="text-ink-muted">
                        Row {row.row}, {headers[column]}
                      </span>
                      <input
                        className={inputClasses("h-8 w-48")}
                        value={row.cells[column] ?? ""}
                        onChange={(e) => onEditCell(row.row, column, e.target.value)}
                      />
                    </label>
                  ))}
                  <Button size="sm" variant="secondary" onClick={() => onExcludeRow(row.row)}>
                    Exclude row {row.row}
                  </Button>
                </div>
              )}
              {!row && files.length > 0 && (
                <Button
                  className="mt-2"
                  size="sm"
                  variant="secondary"
                  onClick={() => onExcludeFiles(files.map((f) => f.path))}
                >
                  Exclude {files.length === 1 ? files[0]!.path : `the ${files.length} files`}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {plan.problems.length > SHOWN && (
        <p className="text-ink-muted text-sm">
          {plan.problems.length - SHOWN} more appear as these are fixed.
        </p>
      )}
    </section>
  );
}
