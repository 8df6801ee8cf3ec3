"use client";
// The journal as a table: package and submission (a link to its status page), profile, who,
// when, last known status, plugin outcome and, for admins, the review.
import Link from "next/link";
import {
  createColumnHelper,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
} from "@tanstack/react-table";
import { DataTable, TableFrame } from "@/components/ui/data-table";
import { Button } from "@/components/ui/button";
import type { JournalEntry } from "@/lib/journal/submission-filters";
import type { ProfileLabels } from "@/lib/preservation/profile-labels";
import { statusPagePath } from "@/lib/queries/ingest";
import { ObjectStateBadge } from "@/components/holdings/state-badge";
import { ProfileName } from "@/components/profiles/profile-name";
import { LocalTime } from "./local-time";
import { PluginStatusBadge, SipStatusBadge } from "./status-badge";

export interface JournalTableProps {
  entries: readonly JournalEntry[];
  isAdmin: boolean;
  onReview: (entry: JournalEntry) => void;
  caption: string;
  // Profile names and pages by id, so a row names its profile as the wizard does.
  profiles: ProfileLabels;
}

const column = createColumnHelper<JournalEntry>();

// The accessor columns carry their own value types; the table takes them as one list.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyColumn = ColumnDef<JournalEntry, any>;

function columnsFor(
  isAdmin: boolean,
  onReview: (entry: JournalEntry) => void,
  profiles: ProfileLabels,
): AnyColumn[] {
  const columns = [
    column.display({
      id: "package",
      header: "Package",
      cell: ({ row: { original: e } }) => (
        <Link
          href={statusPagePath(e.packageId, e.submissionName)}
          prefetch={false}
          className="text-accent font-medium underline-offset-2 hover:underline"
        >
          {e.title ? <span className="block break-words">{e.title}</span> : null}
          <span
            className={e.title ? "text-ink-muted block text-xs font-normal break-all" : "break-all"}
          >
            {e.packageId}
          </span>
          <span className="text-ink-muted block text-xs font-normal">{e.submissionName}</span>
        </Link>
      ),
    }),
    column.accessor("profile", {
      header: "Profile",
      cell: (c) => {
        const id = c.getValue() as string | null;
        if (!id) return <span className="text-ink-muted">prepared SIP</span>;
        return <ProfileName id={id} label={profiles[id]} />;
      },
    }),
    ...(isAdmin
      ? [column.accessor((e) => e.user.name, { id: "user", header: "Submitted by" })]
      : []),
    column.accessor("submittedAt", {
      header: "Submitted",
      cell: (c) => <LocalTime iso={c.getValue()} />,
    }),
    column.accessor("lastStatus", {
      header: "Last known status",
      cell: ({ row: { original: e } }) => (
        <div className="flex flex-col items-start gap-1">
          <SipStatusBadge status={e.lastStatus} />
          {/* The package may have gone since this submission ended. */}
          {e.objectState === "deleted" || e.objectState === "deletion-requested" ? (
            <ObjectStateBadge state={e.objectState} />
          ) : null}
        </div>
      ),
    }),
    column.accessor("pluginOutcome", {
      header: "Plugins",
      cell: (c) => <PluginStatusBadge status={c.getValue()} />,
    }),
    ...(isAdmin
      ? [
          column.display({
            id: "review",
            header: "Review",
            cell: ({ row: { original: e } }) =>
              e.review ? (
                <span className="text-ink-muted text-xs">
                  Reviewed by {e.review.by}: <span className="text-ink">{e.review.note}</span>
                </span>
              ) : (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => onReview(e)}
                  aria-label={`Mark ${e.packageId} ${e.submissionName} reviewed`}
                >
                  Mark reviewed
                </Button>
              ),
          }),
        ]
      : []),
  ];
  return columns as AnyColumn[];
}

// A plain table with a caption; rows keep the order the server chose.
export function JournalTable({ entries, isAdmin, onReview, caption, profiles }: JournalTableProps) {
  // A page of at most 25 rows, rebuilt per render: nothing here needs the compiler's memoizing.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: entries as JournalEntry[],
    columns: columnsFor(isAdmin, onReview, profiles),
    getCoreRowModel: getCoreRowModel(),
    getRowId: (e) => `${e.packageId}\u0000${e.submissionName}`,
  });
  return (
    <TableFrame label={caption}>
      <DataTable table={table} caption={caption} />
    </TableFrame>
  );
}
