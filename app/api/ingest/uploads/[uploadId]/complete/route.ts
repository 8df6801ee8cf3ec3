import { directLane } from "@/lib/server/direct-lane";
import { apiRoute } from "@/lib/api/handler";
import { jsonAnswer } from "@/lib/api/ingest-route";
import { otherMethods } from "@/lib/api/other-methods";
import { parseOrThrow, readJsonBody } from "@/lib/api/request";
import { CompleteUploadRequest } from "@scriptorium/contract/ingest/multipart";

type Params = { uploadId: string };

// POST /api/ingest/uploads/[uploadId]/complete – every part and the whole file's SHA-256: 200
// { key, size, sha256 } once the archive assembled and checked the file, 202 with the upload's
// state while it still does (ask GET /api/ingest/uploads/[uploadId] until it is complete)
export const POST = apiRoute<Params>({ role: "archivist" }, async (ctx) => {
  const request = parseOrThrow(CompleteUploadRequest, await readJsonBody(ctx.request));
  const answer = await ctx.deps.ingest.uploads.complete(
    await ctx.upstream(),
    ctx.params.uploadId,
    request,
  );
  return jsonAnswer(answer.body, answer.status);
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("POST");
export { otherMethod as GET, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };

// Answered without Next.js's router once the session is known (lib/server/direct-lane.ts)
directLane("/api/ingest/uploads/[uploadId]/complete", { POST });
