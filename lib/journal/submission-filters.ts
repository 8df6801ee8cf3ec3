// The ingest journal as the browser sees it: the query a list is asked with (filters, view, page)
// and the entries it gets back. Pure and shared by the /api/ingests route and lib/queries/ingest.ts.
import { z } from "zod";
import type { ObjectLabel } from "@/lib/catalogue/labels";
import { PLUGIN_OUTCOMES, type PluginOutcome } from "@/lib/ingest/watch/plugin-reports";
import { unstorableTextProblem } from "@scriptorium/contract/storable-text";

export const JOURNAL_PAGE_SIZE = 25;

// The status filter's value for "not finished yet" (no status, or any but INGESTED and FAILED).
export const IN_PROGRESS = "in-progress";
// The plugin-outcome filter's value for "no plugin reports (yet)".
export const NO_OUTCOME = "none";

// Compared with database columns, so text no database can hold (U+0000) is refused, not queried.
const optionalText = (field: string) =>
  z
    .string()
    .trim()
    .max(300)
    .superRefine((v, ctx) => {
      const problem = unstorableTextProblem(v, field);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional()
    .transform((v) => (v === "" ? undefined : v));

const instant = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === "") return undefined;
    if (Number.isNaN(Date.parse(v))) {
      ctx.addIssue({
        code: "custom",
        message: "from and to must be dates, e.g. 2025-01-31T23:00:00Z",
      });
      return z.NEVER;
    }
    return new Date(v).toISOString();
  });

export const JournalQuery = z.object({
  // "review": finished submissions nobody has reviewed yet, FAILED and WARNING first (admins).
  view: z.enum(["all", "review"], { error: "view must be all or review" }).default("all"),
  status: optionalText("status"),
  outcome: z
    .enum([...PLUGIN_OUTCOMES, NO_OUTCOME], {
      error: "outcome must be FAILURE, WARNING, SUCCESS or none",
    })
    .optional(),
  // A user id; only admins may name another user than themselves.
  user: optionalText("user"),
  profile: optionalText("profile"),
  // Only the packages of one batch (its id).
  batch: z.uuid({ error: "batch must be the id of a batch" }).optional(),
  // Submitted at or after / at or before these instants (ISO 8601).
  from: instant,
  to: instant,
  page: z.coerce
    .number({ error: "page must be a whole number from 1" })
    .int()
    .min(1)
    .max(100_000)
    .default(1),
});
export type JournalQuery = z.infer<typeof JournalQuery>;
export type JournalQueryInput = z.input<typeof JournalQuery>;

// The query from URL search parameters (unknown parameters are ignored).
export function journalQueryFrom(
  params: URLSearchParams,
): ReturnType<typeof JournalQuery.safeParse> {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(JournalQuery.shape)) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  return JournalQuery.safeParse(raw);
}

// The search string of a query, defaults left out so equal queries give equal strings.
export function journalSearch(query: JournalQueryInput): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === "" || value === null) continue;
    if ((key === "view" && value === "all") || (key === "page" && Number(value) === 1)) continue;
    params.set(key, String(value));
  }
  return params.toString();
}

export interface JournalEntry {
  packageId: string;
  // The package's title and state in the holdings catalogue, when it knows the package.
  title: string | null;
  objectState: ObjectLabel["state"] | null;
  submissionName: string;
  profile: string | null;
  user: { id: string; name: string };
  submittedAt: string;
  lastStatus: string | null;
  lastStatusAt: string | null;
  pluginOutcome: PluginOutcome | null;
  review: { at: string; by: string; note: string } | null;
}

export interface JournalPage {
  entries: JournalEntry[];
  total: number;
  page: number;
  pageSize: number;
  // Values the filters can offer, from the rows the caller may see.
  facets: { users: { id: string; name: string }[]; profiles: string[]; statuses: string[] };
}

export const ReviewRequest = z.strictObject({
  note: z
    .string({ error: "note is required" })
    .trim()
    .min(1, "Write a note: what you checked, or what happens next.")
    .max(2_000, "The note may be at most 2,000 characters long."),
});
export type ReviewRequest = z.infer<typeof ReviewRequest>;
