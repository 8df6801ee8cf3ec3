// The holdings under the filters: how many match, the CSV download, the table and the pages, or
// a sentence saying why the list is empty.
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ArchiveIcon } from "@/components/ui/icons";
import {
  effectiveSort,
  holdingsCountText,
  holdingsSearch,
  type HoldingsPage,
} from "@/lib/catalogue/holdings-search";
import type { HoldingsQuery } from "@/lib/catalogue/holdings-query";
import type { ProfileLabels } from "@/lib/preservation/profile-labels";
import { HoldingsTable } from "./holdings-table";

const SORT_WORDS = {
  relevance: "best match first",
  title: "by title",
  date: "by date preserved",
  profile: "by profile",
  size: "by size",
  state: "by state",
} as const;

function filtered(query: HoldingsQuery): boolean {
  const { q, profile, format, state, from, to, submitter } = query;
  return [q, profile, format, state, from, to, submitter].some((v) => v !== undefined);
}

export function HoldingsList({
  page,
  query,
  path,
  isAdmin,
  profiles,
}: {
  page: HoldingsPage;
  query: HoldingsQuery;
  path: string;
  isAdmin: boolean;
  // Profile names and pages by id.
  profiles?: ProfileLabels;
}) {
  // When the count stopped short ("more than 1,000"), the last page is not known: only whether a
  // next one exists, and the count always reaches past the page shown.
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  const hasNext = page.more || page.page < pages;
  const href = (patch: Partial<HoldingsQuery>) => {
    const search = holdingsSearch({ ...query, ...patch });
    return search ? `${path}?${search}` : path;
  };
  const exportSearch = holdingsSearch({ ...query, page: 1 });
  if (page.total === 0) {
    return (
      <EmptyState
        icon={<ArchiveIcon />}
        title={filtered(query) ? "No object matches" : "The holdings list no object yet"}
      >
        {filtered(query)
          ? "Change or clear the search and filters to see more."
          : `Objects appear here once they are ingested or preserved through the dashboard, or found by the sync with the archive${isAdmin ? " (Admin, Catalogue)" : ""}.`}
      </EmptyState>
    );
  }
  const { sort, dir } = effectiveSort(query);
  const caption = `Objects ${SORT_WORDS[sort]}${sort === "relevance" ? "" : `, ${dir === "asc" ? "ascending" : "descending"}`}`;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-ink-muted text-sm" role="status">
          {holdingsCountText(page)}
          {page.more ? `, page ${page.page}` : pages > 1 ? `, page ${page.page} of ${pages}` : ""}
        </p>
        <a
          href={`/api/catalogue/export${exportSearch ? `?${exportSearch}` : ""}`}
          className={buttonClasses("secondary", "sm")}
          download
        >
          Download as CSV
        </a>
      </div>
      <HoldingsTable
        rows={page.rows}
        query={query}
        path={path}
        caption={caption}
        {...(profiles ? { profiles } : {})}
      />
      {pages > 1 || page.more ? (
        <nav aria-label="Pages" className="flex items-center gap-2">
          {page.page > 1 ? (
            <Link href={href({ page: page.page - 1 })} className={buttonClasses("secondary", "sm")}>
              Previous page
            </Link>
          ) : null}
          {hasNext ? (
            <Link href={href({ page: page.page + 1 })} className={buttonClasses("secondary", "sm")}>
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
