import { z } from "zod";
import { IngestDocumentRequest } from "@scriptorium/contract/ingest/schemas";
import { ApiError } from "@/lib/api/errors";
import { apiRoute } from "@/lib/api/handler";
import { jsonAnswer, requestedEnrichers } from "@/lib/api/ingest-route";
import { otherMethods } from "@/lib/api/other-methods";
import { parseOrThrow, readJsonBody } from "@/lib/api/request";
import { GROUP_BODY_BYTES, GROUP_MAX_PACKAGES } from "@/lib/batch/group-limits";
import { BATCH_ID, batchNotFound } from "@/lib/batch/batch-id";
import { ingestBatchGroup } from "@/lib/batch/ingest-item";
import { directLane } from "@/lib/server/direct-lane";

type Params = { batchId: string };

const SendPackagesRequest = z.strictObject({
  packages: z
    .array(z.strictObject({ item: z.string().max(2000), request: IngestDocumentRequest }))
    .min(1)
    .max(GROUP_MAX_PACKAGES),
});

// POST /api/batches/[batchId]/packages – sends several packages of the batch, each at most once
// and one after another; answers each package's outcome (200 even when some were refused: each
// outcome carries the status and error the package would have had alone), each in the audit log
export const POST = apiRoute<Params>({ role: "archivist" }, async (ctx) => {
  if (!BATCH_ID.test(ctx.params.batchId)) throw batchNotFound();
  const enrichers = requestedEnrichers(ctx.request);
  const { packages } = parseOrThrow(
    SendPackagesRequest,
    await readJsonBody(ctx.request, { limit: GROUP_BODY_BYTES }),
  );
  const keys = new Set(packages.map((p) => p.item));
  if (keys.size < packages.length) {
    throw new ApiError(
      "VALIDATION_ERROR",
      "packages names a package of the batch more than once: send each once.",
      { field: "packages" },
    );
  }
  const outcomes = await ingestBatchGroup(ctx, ctx.params.batchId, packages, enrichers);
  return jsonAnswer({ outcomes });
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("POST");
export { otherMethod as GET, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };

// Answered without Next.js's router once the session is known (lib/server/direct-lane.ts)
directLane("/api/batches/[batchId]/packages", { POST });
