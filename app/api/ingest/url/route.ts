import { directLane } from "@/lib/server/direct-lane";
import { apiRoute } from "@/lib/api/handler";
import { jsonAnswer } from "@/lib/api/ingest-route";
import { otherMethods } from "@/lib/api/other-methods";

// GET /api/ingest/url – an upload URL for one large file: { url, key, expiresAt? }. The browser
// PUTs the file there itself, then names `key` as S3 content in an ingest.
export const GET = apiRoute({ role: "archivist" }, async (ctx) => {
  return jsonAnswer(await ctx.deps.ingest.uploadUrl(await ctx.upstream()));
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET");
export { otherMethod as POST, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };

// Answered without Next.js's router once the session is known (lib/server/direct-lane.ts)
directLane("/api/ingest/url", { GET });
