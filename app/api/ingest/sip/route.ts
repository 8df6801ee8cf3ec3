import { directLane } from "@/lib/server/direct-lane";
import { apiRoute } from "@/lib/api/handler";
import { acceptedAnswer, requestedEnrichers } from "@/lib/api/ingest-route";
import { parseOrThrow, readJsonBody } from "@/lib/api/request";
import { IngestSipRequest } from "@scriptorium/contract/ingest/schemas";
import { otherMethods } from "@/lib/api/other-methods";

// PUT /api/ingest/sip – ingest a SIP (a BagIt zip) given inline, by URL or by upload key
export const PUT = apiRoute({ role: "archivist", audit: "ingest.sip" }, async (ctx) => {
  const enrichers = requestedEnrichers(ctx.request);
  const request = parseOrThrow(IngestSipRequest, await readJsonBody(ctx.request));
  ctx.audit.detail = { type: request.type, name: request.name };
  const answer = await ctx.deps.ingest.ingestSip({ ...(await ctx.upstream()), enrichers }, request);
  // The profile is inside the bag; the archive does not echo it.
  return acceptedAnswer(ctx, answer, null);
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("PUT");
export { otherMethod as GET, otherMethod as POST, otherMethod as PATCH, otherMethod as DELETE };

// Answered without Next.js's router once the session is known (lib/server/direct-lane.ts)
directLane("/api/ingest/sip", { PUT });
