"use client";

import type { ReactNode } from "react";
import { flexRender, type Table } from "@tanstack/react-table";

// Renders a react-table instance as an accessible HTML table: a caption for screen readers, column
// headers with scope, one row per entry. The caller owns the columns and the data.
export function DataTable<T>({ table, caption }: { table: Table<T>; caption: string }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-ink-muted bg-surface-muted/60">
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id} className="border-line border-b">
            {group.headers.map((header) => (
              <th key={header.id} scope="col" className="px-4 py-2.5 font-medium whitespace-nowrap">
                {flexRender(header.column.columnDef.header, header.getContext())}
              </th>
            ))}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id} className="border-line text-ink border-b align-top last:border-0">
            {row.getVisibleCells().map((cell) => (
              <td key={cell.id} className="px-4 py-3">
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
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
