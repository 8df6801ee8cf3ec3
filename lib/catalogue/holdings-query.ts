// The holdings list as an address says it: search words, filters, sort and page, parsed from the
// URL's search parameters (the one source of truth: a bookmarked URL shows the same view) and
// written back with the defaults left out. Pure, shared by the page, the routes and the browser.
import { z } from "zod";
import type { CatalogueFile } from "@/lib/db/catalogue-schema";
import { CATALOGUE_STATES } from "./states";
import { unstorableTextProblem } from "@scriptorium/contract/storable-text";

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

const text = (field: string, max = 300) =>
  z
    .string()
    .trim()
    .max(max, `${field} may be at most ${max} characters long`)
    .superRefine((v, ctx) => {
      const problem = unstorableTextProblem(v, field);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional()
    .transform((v) => (v === "" ? undefined : v));

const day = (field: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return undefined;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`))) {
        ctx.addIssue({ code: "custom", message: `${field} must be a day, e.g. 2025-01-31` });
        return z.NEVER;
      }
      return v;
    });

// A form sends its empty choices as "": the same as leaving the parameter out.
const blankIsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

export const HoldingsQuery = z.object({
  q: text("q"),
  profile: text("profile"),
  format: text("format"),
  state: blankIsAbsent(
    z.enum(CATALOGUE_STATES, { error: `state must be one of ${CATALOGUE_STATES.join(", ")}` }),
  ),
  // Preserved on or after / on or before these days (UTC).
  from: day("from"),
  to: day("to"),
  submitter: text("submitter"),
  sort: blankIsAbsent(
    z.enum(HOLDINGS_SORTS, { error: `sort must be one of ${HOLDINGS_SORTS.join(", ")}` }),
  ),
  dir: blankIsAbsent(z.enum(["asc", "desc"], { error: "dir must be asc or desc" })),
  page: z.coerce
    .number({ error: "page must be a whole number from 1" })
    .int("page must be a whole number from 1")
    .min(1, "page must be a whole number from 1")
    .max(100_000, "page may be at most 100000")
    .default(1),
});
export type HoldingsQuery = z.infer<typeof HoldingsQuery>;
export type HoldingsQueryInput = z.input<typeof HoldingsQuery>;

export const HOLDINGS_PARAMS = Object.keys(HoldingsQuery.shape) as (keyof HoldingsQuery)[];

// The query of URL search parameters (others, such as the archive search's `fi`, are ignored).
export function holdingsQueryFrom(params: URLSearchParams) {
  const raw: Record<string, string> = {};
  for (const key of HOLDINGS_PARAMS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  return HoldingsQuery.safeParse(raw);
}

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

export interface HoldingsRow {
  poId: string;
  title: string | null;
  description: string | null;
  profile: string | null;
  profileName: string | null;
  files: CatalogueFile[];
  formats: string[];
  fileCount: number;
  totalSize: number;
  versionCount: number | null;
  state: (typeof CATALOGUE_STATES)[number];
  createdAt: string;
  changedAt: string;
  submittedBy: string | null;
  deletedAt: string | null;
  deletedBy: string | null;
  deletionReason: string | null;
}

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

export { STATE_LABEL } from "./states";
