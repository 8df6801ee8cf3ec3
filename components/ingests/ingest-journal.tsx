"use client";
// The ingest journal page's body: a switch between all submissions and the review queue (admins),
// the filters, the table and the pages. Everything the reader chooses lives in the URL.
import { lazy, Suspense } from "react";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ListIcon } from "@/components/ui/icons";
import { useDialogOnDemand } from "@/components/ui/use-dialog-on-demand";
import type { JournalEntry } from "@/lib/journal/submission-filters";
import { journalOptions } from "@/lib/queries/ingest";
import type { ProfileLabels } from "@/lib/preservation/profile-labels";
import { cn } from "@/lib/utils";
import { JournalFilters } from "./journal-filters";
import { JournalTable } from "./journal-table";
import {
  apiQueryOf,
  hasFilters,
  journalViewFrom,
  journalViewSearch,
  type JournalView,
} from "./journal-url";

// The review dialog (and Radix under it) loads when an admin first opens it, not with the journal.
const load = () => import("./review-dialog");
const ReviewDialog = lazy(() => load().then((m) => ({ default: m.ReviewDialog })));

const VIEWS = [
  { view: "all", label: "All submissions" },
  { view: "review", label: "Review queue" },
] as const;

// Archivists see their own submissions; admins everyone's, and the review queue.
export function IngestJournal({
  isAdmin,
  profiles,
}: {
  isAdmin: boolean;
  // Profile names and pages by id (read on the server).
  profiles: ProfileLabels;
}) {
  const pathname = usePathname();
  const view = journalViewFrom(useSearchParams());
  if (!isAdmin) view.view = "all";
  const journal = useQuery(journalOptions(apiQueryOf(view)));
  // One dialog for every row; focus goes back to the row's button that opened it.
  const review = useDialogOnDemand<JournalEntry>(load);

  const hrefOf = (patch: Partial<JournalView>) => {
    const search = journalViewSearch({ ...view, page: 1, ...patch });
    return search ? `${pathname}?${search}` : pathname;
  };
  // The native history API: Next keeps useSearchParams in step, and no server render is needed.
  const change = (patch: Partial<JournalView>) =>
    window.history.replaceState(null, "", hrefOf(patch));

  const data = journal.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const caption =
    view.view === "review"
      ? "Finished submissions waiting for review, most serious first"
      : "Submissions, newest first";
  return (
    <div className="flex flex-col gap-6">
      {isAdmin ? (
        <nav
          aria-label="Journal views"
          className="border-line bg-surface-muted inline-flex w-fit gap-0.5 rounded-lg border p-0.5"
        >
          {VIEWS.map(({ view: v, label }) => (
            <Link
              key={v}
              href={hrefOf({ view: v })}
              aria-current={view.view === v ? "page" : undefined}
              className={cn(
                "text-ink-muted rounded-md px-3 py-1.5 text-sm font-medium",
                view.view === v && "bg-surface text-ink shadow-sm",
              )}
            >
              {label}
            </Link>
          ))}
        </nav>
      ) : null}
      <JournalFilters
        view={view}
        facets={data?.facets}
        isAdmin={isAdmin}
        profiles={profiles}
        onChange={change}
      />
      <div aria-live="polite" aria-busy={journal.isFetching} className="flex flex-col gap-4">
        {journal.isPending ? (
          <p className="text-ink-muted text-sm">Reading the journal…</p>
        ) : journal.isError ? (
          <p role="alert" className="text-danger text-sm font-medium">
            The journal could not be read: {journal.error.message}
          </p>
        ) : data && data.entries.length === 0 ? (
          <EmptyState
            icon={<ListIcon />}
            title={
              view.view === "review"
                ? "Nothing waits for review"
                : hasFilters(view)
                  ? "No submission matches these filters"
                  : "No submissions yet"
            }
            action={
              view.view === "all" && !hasFilters(view) ? (
                <Link href="/ingest" className={buttonClasses()}>
                  Ingest a package
                </Link>
              ) : undefined
            }
          >
            {view.view === "review"
              ? "Every finished submission has been reviewed."
              : hasFilters(view)
                ? "Change or clear the filters to see more."
                : "Every package sent from the Ingest page is listed here with its last known status."}
          </EmptyState>
        ) : data ? (
          <>
            <p className="text-ink-muted text-sm">
              {data.total === 1 ? "1 submission" : `${data.total} submissions`}
              {pages > 1 ? `, page ${view.page} of ${pages}` : ""}
            </p>
            <JournalTable
              entries={data.entries}
              isAdmin={isAdmin}
              review={review}
              caption={caption}
              profiles={profiles}
            />
            {pages > 1 ? (
              <div className="flex items-center gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={view.page <= 1}
                  onClick={() => change({ page: view.page - 1 })}
                >
                  Previous page
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={view.page >= pages}
                  onClick={() => change({ page: view.page + 1 })}
                >
                  Next page
                </Button>
              </div>
            ) : null}
          </>
        ) : null}
      </div>
      {isAdmin && review.mounted ? (
        <Suspense fallback={null}>
          <ReviewDialog
            entry={review.subject}
            onOpenChange={review.onOpenChange}
            onCloseAutoFocus={review.returnFocus}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
