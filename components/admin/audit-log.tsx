"use client";
// The audit log (append-only: nothing here changes an entry): filters, a table of entries newest
// first with older ones a page at a time, and the filtered log as CSV or JSON.
import { createContext, useContext, useMemo, useState } from "react";
import { usePathname, useRouter } from "next/navigation";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { ResultNotice } from "@/components/results/result-notice";
import { plainBadgeClasses } from "@/components/ui/badge-tones";
import { DataTable, TableFrame, type Column } from "@/components/ui/data-table";
import { plainButtonClasses } from "@/components/ui/button-variants";
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
const TargetTitles = createContext<ReadonlyMap<string, ObjectLabel>>(new Map());

const NO_TITLES: ReadonlyMap<string, ObjectLabel> = new Map();

function Target({ id }: { id: string | null }) {
  const titles = useContext(TargetTitles);
  const title = id === null ? undefined : titles.get(id)?.title;
  return (
    <span className="flex flex-col">
      {title ? <span className="break-words">{title}</span> : null}
      <span className="font-mono text-xs break-all">{id ?? "—"}</span>
    </span>
  );
}

const COLUMNS: Column<AuditRow>[] = [
  {
    id: "at",
    header: "When (UTC)",
    cell: (row) => <time dateTime={row.at}>{WHEN.format(new Date(row.at))}</time>,
  },
  {
    id: "actorName",
    header: "Who",
    cell: (row) => (
      <span className="flex flex-col">
        <span>{row.actorName}</span>
        <span className="text-ink-muted text-xs">{row.actorId}</span>
      </span>
    ),
  },
  {
    id: "action",
    header: "Action",
    cell: (row) => (
      <span className="flex flex-col">
        <span>{actionText(row.action)}</span>
        <span className="text-ink-muted font-mono text-xs">{row.action}</span>
      </span>
    ),
  },
  {
    id: "target",
    header: "On what",
    cell: (row) => <Target id={row.target} />,
  },
  {
    id: "outcome",
    header: "Outcome",
    cell: (row) => {
      const outcome = row.outcome;
      return (
        <span
          className={plainBadgeClasses(
            OUTCOME_TONE[outcome as keyof typeof OUTCOME_TONE] ?? "neutral",
          )}
        >
          {outcome}
        </span>
      );
    },
  },
  {
    id: "detail",
    header: "Details",
    cell: (row) => (
      <dl className="text-ink-muted grid grid-cols-[auto_1fr] gap-x-2 text-xs">
        {detailPairs(row.detail).map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="font-medium">{key}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
        {row.tenant ? (
          <div className="contents">
            <dt className="font-medium">tenant</dt>
            <dd>{row.tenant}</dd>
          </div>
        ) : null}
      </dl>
    ),
  },
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
          className={plainButtonClasses("secondary", "sm")}
        >
          Export as CSV
        </a>
        <a
          href={auditExportUrl(filters, "json")}
          download
          className={plainButtonClasses("secondary", "sm")}
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
          <TargetTitles.Provider value={titles.data ?? NO_TITLES}>
            <DataTable rows={rows} columns={COLUMNS} caption="Audit log entries, newest first" />
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
            <button
              type="button"
              className={plainButtonClasses("secondary", "sm")}
              disabled={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              {log.isFetchingNextPage ? "Loading…" : "Show older entries"}
            </button>
          ) : null}
        </div>
      )}
    </div>
  );
}
