"use client";

import type { ReactNode } from "react";

// One column: its header and how a row shows in it.
export interface Column<T> {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
}

// Renders rows as an accessible HTML table: a caption for screen readers, column headers with
// scope, one row per entry, in the order given. The caller owns the columns and the data; the
// server sorts and pages, so a table library would only map columns over rows.
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  caption,
}: {
  rows: readonly T[];
  columns: readonly Column<T>[];
  // A row's React key; the row's index when the rows have no identity of their own.
  rowKey?: (row: T, index: number) => string;
  caption: string;
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-ink-muted bg-surface-muted/60">
        <tr className="border-line border-b">
          {columns.map((column) => (
            <th key={column.id} scope="col" className="px-4 py-2.5 font-medium whitespace-nowrap">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr
            key={rowKey ? rowKey(row, index) : index}
            className="border-line text-ink border-b align-top last:border-0"
          >
            {columns.map((column) => (
              <td key={column.id} className="px-4 py-3">
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

// The bordered frame a wide table scrolls in sideways on a narrow screen. It can take the focus,
// so a keyboard scrolls it too (its rows may hold nothing focusable), and is named as a region.
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="border-line overflow-x-auto rounded-xl border"
    >
      {children}
    </div>
  );
}
