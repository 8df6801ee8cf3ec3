import { directLane } from "@/lib/server/direct-lane";
import { ApiError } from "@/lib/api/errors";
import { apiRoute } from "@/lib/api/handler";
import { jsonAnswer } from "@/lib/api/ingest-route";
import { otherMethods } from "@/lib/api/other-methods";

type Params = { uploadId: string };

// GET /api/ingest/uploads/[uploadId] – the upload and its stored parts (a page of them after
// ?partNumberMarker=), so a browser resumes from what the archive holds
export const GET = apiRoute<Params>({ role: "archivist" }, async (ctx) => {
  const marker = new URL(ctx.request.url).searchParams.get("partNumberMarker");
  if (marker !== null && !/^\d{1,9}$/.test(marker)) {
    throw new ApiError(
      "VALIDATION_ERROR",
      "partNumberMarker must be a part number: the stored parts after it are listed.",
      { field: "partNumberMarker" },
    );
  }
  const state = await ctx.deps.ingest.uploads.state(
    await ctx.upstream(),
    ctx.params.uploadId,
    marker === null ? undefined : Number(marker),
  );
  return jsonAnswer(state);
});

// DELETE /api/ingest/uploads/[uploadId] – abort the upload: the archive frees its parts
export const DELETE = apiRoute<Params>({ role: "archivist" }, async (ctx) => {
  await ctx.deps.ingest.uploads.abort(await ctx.upstream(), ctx.params.uploadId);
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET", "DELETE");
export { otherMethod as POST, otherMethod as PUT, otherMethod as PATCH };

// Answered without Next.js's router once the session is known (lib/server/direct-lane.ts)
directLane("/api/ingest/uploads/[uploadId]", { GET, DELETE });
