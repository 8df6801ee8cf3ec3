"use client";
// The holdings as a table: title (a link to the object) with its id, profile, formats, files and
// size, when it was preserved, its state and who sent it. The server sorts and pages; the column
// headers are links to the same view sorted by that column.
import Link from "next/link";
import { LocalTime } from "@/components/ingests/local-time";
import { DataTable, TableFrame, type Column } from "@/components/ui/data-table";
import {
  DEFAULT_DIRECTION,
  effectiveSort,
  holdingsSearch,
  type HoldingsRow,
  type HoldingsSort,
} from "@/lib/catalogue/holdings-search";
import type { HoldingsQuery } from "@/lib/catalogue/holdings-query";
import { ProfileName } from "@/components/profiles/profile-name";
import type { ProfileLabels } from "@/lib/preservation/profile-labels";
import { formatBytes } from "@/lib/upload/format";
import { ObjectStateBadge } from "./state-badge";

export interface HoldingsTableProps {
  rows: readonly HoldingsRow[];
  query: HoldingsQuery;
  path: string;
  caption: string;
  // Profile names and pages by id; a profile without one keeps the name the catalogue holds.
  profiles?: ProfileLabels;
}

export const objectPath = (poId: string) => `/objects/${encodeURIComponent(poId)}`;

// A column header that sorts by its column, the other way round when it already does.
function SortHeader({
  label,
  sort,
  query,
  path,
}: {
  label: string;
  sort: HoldingsSort;
  query: HoldingsQuery;
  path: string;
}) {
  const current = effectiveSort(query);
  const active = current.sort === sort;
  const dir = active ? (current.dir === "asc" ? "desc" : "asc") : DEFAULT_DIRECTION[sort];
  const search = holdingsSearch({ ...query, sort, dir, page: 1 });
  const arrow = active ? (current.dir === "asc" ? " ↑" : " ↓") : "";
  return (
    <Link
      href={search ? `${path}?${search}` : path}
      scroll={false}
      className="hover:text-ink underline-offset-2 hover:underline"
      aria-label={`Sort by ${label.toLowerCase()}${active ? `, now ${current.dir === "asc" ? "ascending" : "descending"}` : ""}`}
    >
      {label}
      <span aria-hidden="true">{arrow}</span>
    </Link>
  );
}

function columnsFor(
  query: HoldingsQuery,
  path: string,
  profiles: ProfileLabels,
): Column<HoldingsRow>[] {
  const header = (label: string, sort: HoldingsSort) => (
    <SortHeader label={label} sort={sort} query={query} path={path} />
  );
  return [
    {
      id: "title",
      header: header("Title", "title"),
      cell: (r) => (
        <div className="flex max-w-md min-w-48 flex-col gap-0.5">
          <Link
            href={objectPath(r.poId)}
            prefetch={false}
            className="text-accent font-medium break-words underline-offset-2 hover:underline"
          >
            {r.title ?? r.poId}
          </Link>
          {r.title ? (
            <span className="text-ink-muted font-mono text-xs break-all">{r.poId}</span>
          ) : null}
          {r.description ? (
            <span className="text-ink-muted line-clamp-2 text-xs">{r.description}</span>
          ) : null}
        </div>
      ),
    },
    {
      id: "profile",
      header: header("Profile", "profile"),
      cell: (r) => {
        if (!r.profile) return <span className="text-ink-muted">not known</span>;
        return <ProfileName id={r.profile} label={profiles[r.profile]} fallback={r.profileName} />;
      },
    },
    {
      id: "formats",
      header: "Formats",
      cell: (r) => {
        const puids = [...new Set(r.files.map((f) => f.puid ?? f.mimeType).filter(Boolean))];
        return puids.length === 0 ? (
          <span className="text-ink-muted">not identified yet</span>
        ) : (
          <span className="font-mono text-xs">
            {puids.slice(0, 3).join(", ")}
            {puids.length > 3 ? ` +${puids.length - 3}` : ""}
          </span>
        );
      },
    },
    {
      id: "size",
      header: header("Size", "size"),
      cell: (r) => (
        <span className="whitespace-nowrap">
          {r.fileCount === 1 ? "1 file" : `${r.fileCount} files`}
          <span className="text-ink-muted block text-xs">{formatBytes(r.totalSize)}</span>
        </span>
      ),
    },
    {
      id: "date",
      header: header("Preserved", "date"),
      cell: (r) => (
        <span className="whitespace-nowrap">
          <LocalTime iso={r.createdAt} format="date" />
          {r.versionCount && r.versionCount > 1 ? (
            <span className="text-ink-muted block text-xs">{r.versionCount} versions</span>
          ) : null}
        </span>
      ),
    },
    {
      id: "state",
      header: header("State", "state"),
      cell: (r) => (
        <div className="flex flex-col items-start gap-1">
          <ObjectStateBadge state={r.state} />
          {r.state === "deleted" && r.deletionReason ? (
            <span className="text-ink-muted max-w-48 text-xs">{r.deletionReason}</span>
          ) : null}
        </div>
      ),
    },
    {
      id: "submitter",
      header: "Submitted by",
      cell: (r) => r.submittedBy ?? <span className="text-ink-muted">not known</span>,
    },
  ];
}

export function HoldingsTable({ rows, query, path, caption, profiles = {} }: HoldingsTableProps) {
  return (
    <TableFrame label={caption}>
      <DataTable
        rows={rows}
        columns={columnsFor(query, path, profiles)}
        rowKey={(r) => r.poId}
        caption={caption}
      />
    </TableFrame>
  );
}
