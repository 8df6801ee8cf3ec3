// The holdings list's address without zod: its parameters, sorts and page sizes, and the search
// string of a query. The browser imports it from here; ./holdings-query adds the parsing (zod)
// and re-exports it.
import type { HoldingsQuery } from "./holdings-query";
import type { CatalogueRowValues } from "./merge";

export { STATE_LABEL } from "./states";

export const HOLDINGS_PAGE_SIZE = 25;
// How many matching rows a page counts at most (more when the page itself lies further on): an
// exact count of a broad search over 100,000 rows reads every match, which costs more than the page.
export const HOLDINGS_COUNT_CAP = 1_000;
export const HOLDINGS_SORTS = ["relevance", "title", "date", "profile", "size", "state"] as const;
export type HoldingsSort = (typeof HOLDINGS_SORTS)[number];

// The natural direction of each sort: newest, largest and most relevant first, names A to Z.
export const DEFAULT_DIRECTION: Record<HoldingsSort, "asc" | "desc"> = {
  relevance: "desc",
  title: "asc",
  date: "desc",
  profile: "asc",
  size: "desc",
  state: "asc",
};

// Every parameter of HoldingsQuery, in the order an address lists them (a test checks that they
// are the schema's keys).
export const HOLDINGS_PARAMS = [
  "q",
  "profile",
  "format",
  "state",
  "from",
  "to",
  "submitter",
  "sort",
  "dir",
  "page",
] as const satisfies readonly (keyof HoldingsQuery)[];

// The sort and direction a query means, defaults filled in: by relevance when searching, else by date.
export function effectiveSort(query: Pick<HoldingsQuery, "q" | "sort" | "dir">): {
  sort: HoldingsSort;
  dir: "asc" | "desc";
} {
  const sort = query.sort ?? (query.q ? "relevance" : "date");
  const usable = sort === "relevance" && !query.q ? "date" : sort;
  return { sort: usable, dir: query.dir ?? DEFAULT_DIRECTION[usable] };
}

// The search string of a query, defaults left out, so equal views have equal addresses.
export function holdingsSearch(query: Partial<HoldingsQuery>): string {
  const params = new URLSearchParams();
  for (const key of HOLDINGS_PARAMS) {
    const value = query[key];
    if (value === undefined || value === null || value === "") continue;
    if (key === "page" && Number(value) === 1) continue;
    params.set(key, String(value));
  }
  const { sort, dir } = effectiveSort({
    q: query.q || undefined,
    sort: query.sort,
    dir: query.dir,
  });
  if (query.dir && dir === DEFAULT_DIRECTION[sort]) params.delete("dir");
  return params.toString();
}

// A catalogue row as the holdings list and its export show it: the stored values, with dates as
// ISO strings and the submitter by name.
export type HoldingsRow = Pick<
  CatalogueRowValues,
  | "poId"
  | "title"
  | "description"
  | "profile"
  | "profileName"
  | "files"
  | "formats"
  | "fileCount"
  | "totalSize"
  | "versionCount"
  | "state"
  | "deletedBy"
  | "deletionReason"
> & {
  createdAt: string;
  changedAt: string;
  submittedBy: string | null;
  deletedAt: string | null;
};

export interface HoldingsPage {
  rows: HoldingsRow[];
  // The rows the filters match; when `more`, only a lower bound: more than `total` match.
  total: number;
  more: boolean;
  page: number;
  pageSize: number;
}

export interface HoldingsFacets {
  profiles: { id: string; name: string }[];
  formats: string[];
  submitters: { id: string; name: string }[];
}

// How many objects a page says match: "1 object", "240 objects", "more than 1,000 objects".
export function holdingsCountText(page: Pick<HoldingsPage, "total" | "more">): string {
  if (page.more) return `More than ${page.total.toLocaleString("en")} objects`;
  return page.total === 1 ? "1 object" : `${page.total.toLocaleString("en")} objects`;
}
