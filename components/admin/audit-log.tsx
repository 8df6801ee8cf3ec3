"use client";
// The audit log (append-only: nothing here changes an entry): filters, a table of entries newest
// first with older ones a page at a time, and the filtered log as CSV or JSON.
import { createContext, useContext, useMemo, useState } from "react";
import { usePathname, useRouter } from "next/navigation";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { ResultNotice } from "@/components/results/result-notice";
import { Badge } from "@/components/ui/badge";
import { DataTable, TableFrame } from "@/components/ui/data-table";
import { Button, buttonClasses } from "@/components/ui/button";
import { auditFilterQuery, type AuditFilters, type AuditRow } from "@/lib/admin/audit-filters";
import { auditExportUrl, auditLogOptions } from "@/lib/queries/admin";
import { objectLabelsOptions } from "@/lib/queries/catalogue";
import type { ObjectLabel } from "@/lib/catalogue/labels";
import { AuditFilterForm } from "./audit-filter-form";
import { actionText, detailPairs } from "./audit-words";

const WHEN = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "UTC",
});
const OUTCOME_TONE = { success: "success", failure: "danger", denied: "warning" } as const;

// The catalogue's titles of the targets shown (objects and packages), beside their ids.
const TargetTitles = createContext<Record<string, ObjectLabel>>({});

function Target({ id }: { id: string | null }) {
  const title = useContext(TargetTitles)[id ?? ""]?.title;
  return (
    <span className="flex flex-col">
      {title ? <span className="break-words">{title}</span> : null}
      <span className="font-mono text-xs break-all">{id ?? "—"}</span>
    </span>
  );
}

const column = createColumnHelper<AuditRow>();
const COLUMNS = [
  column.accessor("at", {
    header: "When (UTC)",
    cell: (info) => (
      <time dateTime={info.getValue()}>{WHEN.format(new Date(info.getValue()))}</time>
    ),
  }),
  column.accessor("actorName", {
    header: "Who",
    cell: (info) => (
      <span className="flex flex-col">
        <span>{info.getValue()}</span>
        <span className="text-ink-muted text-xs">{info.row.original.actorId}</span>
      </span>
    ),
  }),
  column.accessor("action", {
    header: "Action",
    cell: (info) => (
      <span className="flex flex-col">
        <span>{actionText(info.getValue())}</span>
        <span className="text-ink-muted font-mono text-xs">{info.getValue()}</span>
      </span>
    ),
  }),
  column.accessor("target", {
    header: "On what",
    cell: (info) => <Target id={info.getValue()} />,
  }),
  column.accessor("outcome", {
    header: "Outcome",
    cell: (info) => {
      const outcome = info.getValue();
      return (
        <Badge tone={OUTCOME_TONE[outcome as keyof typeof OUTCOME_TONE] ?? "neutral"}>
          {outcome}
        </Badge>
      );
    },
  }),
  column.accessor("detail", {
    header: "Details",
    cell: (info) => (
      <dl className="text-ink-muted grid grid-cols-[auto_1fr] gap-x-2 text-xs">
        {detailPairs(info.getValue()).map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="font-medium">{key}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
        {info.row.original.tenant ? (
          <div className="contents">
            <dt className="font-medium">tenant</dt>
            <dd>{info.row.original.tenant}</dd>
          </div>
        ) : null}
      </dl>
    ),
  }),
];

// The whole audit page below its header.
export function AuditLog({ initialFilters }: { initialFilters: AuditFilters }) {
  const router = useRouter();
  const pathname = usePathname();
  const [filters, setFilters] = useState<AuditFilters>(initialFilters);
  const log = useInfiniteQuery(auditLogOptions(filters));
  const rows = useMemo(() => log.data?.pages.flatMap((page) => page.entries) ?? [], [log.data]);
  const actions = log.data?.pages[0]?.actions ?? [];
  const targets = useMemo(
    () => [...new Set(rows.flatMap((r) => (r.target ? [r.target] : [])))],
    [rows],
  );
  const titles = useQuery(objectLabelsOptions(targets));
  // Pages of at most 100 rows, rebuilt per render: nothing here needs the compiler's memoizing.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({ data: rows, columns: COLUMNS, getCoreRowModel: getCoreRowModel() });

  function apply(next: AuditFilters) {
    setFilters(next);
    const query = auditFilterQuery(next);
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  }

  return (
    <div className="flex flex-col gap-6">
      <AuditFilterForm filters={filters} actions={actions} onApply={apply} />
      <div className="flex flex-wrap gap-2">
        <a
          href={auditExportUrl(filters, "csv")}
          download
          className={buttonClasses("secondary", "sm")}
        >
          Export as CSV
        </a>
        <a
          href={auditExportUrl(filters, "json")}
          download
          className={buttonClasses("secondary", "sm")}
        >
          Export as JSON
        </a>
      </div>
      {log.isError ? <ResultNotice error={log.error} /> : null}
      {/* The table and the count under it come with the first page of entries: an empty table
          would change its column widths, and push the count down, as the rows arrive. */}
      <TableFrame label="Audit log entries, newest first">
        {log.isPending ? (
          <p role="status" className="text-ink-muted p-4 text-sm">
            Loading the audit log…
          </p>
        ) : (
          <TargetTitles.Provider value={titles.data ?? {}}>
            <DataTable table={table} caption="Audit log entries, newest first" />
          </TargetTitles.Provider>
        )}
        {!log.isPending && rows.length === 0 && !log.isError ? (
          <p className="text-ink-muted p-4 text-sm">No entry matches these filters.</p>
        ) : null}
      </TableFrame>
      {log.isPending ? null : (
        <div className="flex items-center gap-3">
          <p className="text-ink-muted text-sm" aria-live="polite">
            {rows.length === 1 ? "1 entry shown" : `${rows.length} entries shown`}
          </p>
          {log.hasNextPage ? (
            <Button
              variant="secondary"
              size="sm"
              disabled={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              {log.isFetchingNextPage ? "Loading…" : "Show older entries"}
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );
}
