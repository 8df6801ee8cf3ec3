import { directLane } from "@/lib/server/direct-lane";
import { apiRoute } from "@/lib/api/handler";
import { jsonAnswer } from "@/lib/api/ingest-route";
import { otherMethods } from "@/lib/api/other-methods";
import { parseOrThrow, readJsonBody } from "@/lib/api/request";
import { CreateUploadRequest } from "@scriptorium/contract/ingest/multipart";

// POST /api/ingest/uploads – a multipart upload of `size` bytes: { key, uploadId, partSize,
// partCount, expiresAt }. 501 NOT_SUPPORTED when the archive has no multipart uploads; the browser
// then sends the file in one PUT to an upload URL (GET /api/ingest/url).
export const POST = apiRoute({ role: "archivist" }, async (ctx) => {
  const request = parseOrThrow(CreateUploadRequest, await readJsonBody(ctx.request));
  return jsonAnswer(await ctx.deps.ingest.uploads.create(await ctx.upstream(), request), 201);
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("POST");
export { otherMethod as GET, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };

// Answered without Next.js's router once the session is known (lib/server/direct-lane.ts)
directLane("/api/ingest/uploads", { POST });
