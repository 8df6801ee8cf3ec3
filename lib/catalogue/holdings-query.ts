// The holdings list as an address says it: search words, filters, sort and page, parsed from the
// URL's search parameters (the one source of truth: a bookmarked URL shows the same view) and
// written back with the defaults left out. Pure, shared by the page, the routes and the browser.
import { z } from "zod";
import { CATALOGUE_STATES } from "./states";
import { HOLDINGS_PARAMS, HOLDINGS_SORTS } from "./holdings-search";
import { unstorableTextProblem } from "@scriptorium/contract/storable-text";

export * from "./holdings-search";

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

// The query of URL search parameters (others, such as the archive search's `fi`, are ignored).
export function holdingsQueryFrom(params: URLSearchParams) {
  const raw: Record<string, string> = {};
  for (const key of HOLDINGS_PARAMS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  return HoldingsQuery.safeParse(raw);
}
