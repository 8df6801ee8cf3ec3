// The ingest journal's query as the /api/ingests route reads it (filters, view, page), parsed
// with zod; the browser's part (./journal-search, re-exported here) needs no zod.
import { z } from "zod";
import { PLUGIN_OUTCOMES } from "@/lib/ingest/watch/plugin-reports";
import { unstorableTextProblem } from "@scriptorium/contract/storable-text";
import { NO_OUTCOME } from "./journal-search";

export * from "./journal-search";

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

export const ReviewRequest = z.strictObject({
  note: z
    .string({ error: "note is required" })
    .trim()
    .min(1, "Write a note: what you checked, or what happens next.")
    .max(2_000, "The note may be at most 2,000 characters long."),
});
export type ReviewRequest = z.infer<typeof ReviewRequest>;
