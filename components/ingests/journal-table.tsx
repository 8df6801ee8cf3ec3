"use client";
// The journal as a table: package and submission (a link to its status page), profile, who,
// when, last known status, plugin outcome and, for admins, the review.
import Link from "next/link";
import { DataTable, TableFrame, type Column } from "@/components/ui/data-table";
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
  // Opens the review dialog about a row from its button; `preload` starts loading the dialog.
  review: ReviewOpener;
  caption: string;
  // Profile names and pages by id, so a row names its profile as the wizard does.
  profiles: ProfileLabels;
}

export interface ReviewOpener {
  openFrom: (opener: HTMLElement, entry: JournalEntry) => void;
  preload: () => void;
}

function columnsFor(
  isAdmin: boolean,
  review: ReviewOpener,
  profiles: ProfileLabels,
): Column<JournalEntry>[] {
  return [
    {
      id: "package",
      header: "Package",
      cell: (e) => (
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
    },
    {
      id: "profile",
      header: "Profile",
      cell: (e) => {
        const id = e.profile;
        if (!id) return <span className="text-ink-muted">prepared SIP</span>;
        return <ProfileName id={id} label={profiles[id]} />;
      },
    },
    ...(isAdmin
      ? [{ id: "user", header: "Submitted by", cell: (e: JournalEntry) => e.user.name }]
      : []),
    {
      id: "submittedAt",
      header: "Submitted",
      cell: (e) => <LocalTime iso={e.submittedAt} />,
    },
    {
      id: "lastStatus",
      header: "Last known status",
      cell: (e) => (
        <div className="flex flex-col items-start gap-1">
          <SipStatusBadge status={e.lastStatus} />
          {/* The package may have gone since this submission ended. */}
          {e.objectState === "deleted" || e.objectState === "deletion-requested" ? (
            <ObjectStateBadge state={e.objectState} />
          ) : null}
        </div>
      ),
    },
    {
      id: "pluginOutcome",
      header: "Plugins",
      cell: (e) => <PluginStatusBadge status={e.pluginOutcome} />,
    },
    ...(isAdmin
      ? [
          {
            id: "review",
            header: "Review",
            cell: (e: JournalEntry) =>
              e.review ? (
                <span className="text-ink-muted text-xs">
                  Reviewed by {e.review.by}: <span className="text-ink">{e.review.note}</span>
                </span>
              ) : (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-haspopup="dialog"
                  onPointerEnter={review.preload}
                  onFocus={review.preload}
                  onClick={(event) => review.openFrom(event.currentTarget, e)}
                  aria-label={`Mark ${e.packageId} ${e.submissionName} reviewed`}
                >
                  Mark reviewed
                </Button>
              ),
          },
        ]
      : []),
  ];
}

// A plain table with a caption; rows keep the order the server chose.
export function JournalTable({ entries, isAdmin, review, caption, profiles }: JournalTableProps) {
  return (
    <TableFrame label={caption}>
      <DataTable
        rows={entries}
        columns={columnsFor(isAdmin, review, profiles)}
        rowKey={(e) => `${e.packageId}\u0000${e.submissionName}`}
        caption={caption}
      />
    </TableFrame>
  );
}
