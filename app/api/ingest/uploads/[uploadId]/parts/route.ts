import { directLane } from "@/lib/server/direct-lane";
import { ApiError } from "@/lib/api/errors";
import { apiRoute } from "@/lib/api/handler";
import { jsonAnswer } from "@/lib/api/ingest-route";
import { otherMethods } from "@/lib/api/other-methods";

type Params = { uploadId: string };

// GET /api/ingest/uploads/[uploadId]/parts?numbers=1-6,9 – pre-signed URLs the browser PUTs those
// parts to, straight to the archive
export const GET = apiRoute<Params>({ role: "archivist" }, async (ctx) => {
  const numbers = new URL(ctx.request.url).searchParams.get("numbers");
  if (!numbers || numbers.length > 2000 || !/^[\d,-]+$/.test(numbers)) {
    throw new ApiError(
      "VALIDATION_ERROR",
      'numbers must list the part numbers to upload, such as "1-6,9".',
      { field: "numbers" },
    );
  }
  return jsonAnswer(
    await ctx.deps.ingest.uploads.partUrls(await ctx.upstream(), ctx.params.uploadId, numbers),
  );
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET");
export { otherMethod as POST, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };

// Answered without Next.js's router once the session is known (lib/server/direct-lane.ts)
directLane("/api/ingest/uploads/[uploadId]/parts", { GET });
