import { ApiError } from "@/lib/api/errors";
import { apiRoute } from "@/lib/api/handler";
import { jsonAnswer } from "@/lib/api/ingest-route";
import { parseOrThrow } from "@/lib/api/request";
import { getDb } from "@/lib/db";
import { refreshStale } from "@/lib/ingest/watch/refresh-journal";
import { JournalQuery } from "@/lib/journal/submission-filters";
import { listSubmissions } from "@/lib/journal/submissions";
import { otherMethods } from "@/lib/api/other-methods";

// GET /api/ingests – one page of the ingest journal: the caller's own submissions, or everyone's
// for an admin, filtered by ?status, outcome, user, profile, from, to; ?view=review for the queue.
// Stale rows (unfinished, or without plugin reports) are asked about first, so what shows is current.
export const GET = apiRoute({}, async (ctx) => {
  const params = new URL(ctx.request.url).searchParams;
  const raw = Object.fromEntries(
    Object.keys(JournalQuery.shape).flatMap((k) => (params.has(k) ? [[k, params.get(k)]] : [])),
  );
  const query = parseOrThrow(JournalQuery, raw);
  if (query.view === "review" && !ctx.session.isAdmin) {
    throw new ApiError("FORBIDDEN", "Only an administrator may work the review queue.");
  }
  const viewer = {
    tenant: ctx.session.tenant,
    userId: ctx.session.user.id,
    isAdmin: ctx.session.isAdmin,
  };
  const db = await getDb();
  await refreshStale(db, viewer, ctx.session, ctx.deps, ctx.request.signal);
  return jsonAnswer(await listSubmissions(db, viewer, query));
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET");
export { otherMethod as POST, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
