import { directLane } from "@/lib/server/direct-lane";
import { apiRoute } from "@/lib/api/handler";
import { acceptedAnswer, requestedEnrichers } from "@/lib/api/ingest-route";
import { parseOrThrow, readJsonBody } from "@/lib/api/request";
import { DocumentPathParams, UpdateDocumentRequest } from "@scriptorium/contract/ingest/schemas";
import { otherMethods } from "@/lib/api/other-methods";

type Params = { packageId: string };

// POST /api/ingest/document/[packageId] – replace a package's metadata through a delta SIP
export const POST = apiRoute<Params>(
  { role: "archivist", audit: "ingest.update-metadata" },
  async (ctx) => {
    const { packageId } = parseOrThrow(DocumentPathParams, ctx.params);
    ctx.audit.target = packageId;
    const enrichers = requestedEnrichers(ctx.request);
    const request = parseOrThrow(UpdateDocumentRequest, await readJsonBody(ctx.request));
    const call = { ...(await ctx.upstream()), enrichers };
    const answer = await ctx.deps.ingest.updateDocument(call, packageId, request);
    return acceptedAnswer(ctx, answer, null, request);
  },
);

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("POST");
export { otherMethod as GET, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };

// Answered without Next.js's router once the session is known (lib/server/direct-lane.ts)
directLane("/api/ingest/document/[packageId]", { POST });
