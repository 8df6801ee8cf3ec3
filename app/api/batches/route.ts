import { ApiError } from "@/lib/api/errors";
import { apiRoute } from "@/lib/api/handler";
import { jsonAnswer } from "@/lib/api/ingest-route";
import { parseOrThrow, readJsonBody } from "@/lib/api/request";
import { otherMethods } from "@/lib/api/other-methods";
import { CreateBatchRequest } from "@/lib/batch/api-schemas";

// POST /api/batches – records a planned batch (its packages' keys and titles) before it is sent
export const POST = apiRoute({ role: "archivist", audit: "batch.create" }, async (ctx) => {
  const request = parseOrThrow(CreateBatchRequest, await readJsonBody(ctx.request));
  // The planner refused these already; a package taken since (another batch, another tab) would
  // otherwise get a version from this batch.
  const given = request.items.flatMap((item) => (item.packageId ? [item.packageId] : []));
  const taken = await ctx.deps.batches.takenPackageIds(ctx.session.tenant, given);
  if (taken.length > 0) {
    throw new ApiError(
      "CONFLICT",
      `${taken.length === 1 ? "The package id" : "The package ids"} ${taken
        .slice(0, 5)
        .map((id) => `"${id}"`)
        .join(", ")}${taken.length > 5 ? ` and ${taken.length - 5} more` : ""} ${
        taken.length === 1 ? "is" : "are"
      } already taken: choose others, or leave them empty for the archive to choose.`,
    );
  }
  const id = await ctx.deps.batches.create(
    { tenant: ctx.session.tenant, user: { id: ctx.session.user.id, name: ctx.session.user.name } },
    request,
  );
  ctx.audit.target = id;
  ctx.audit.detail = { name: request.name, packages: request.items.length };
  return jsonAnswer({ id }, 201);
});

// GET /api/batches – the tenant's batches, newest first
export const GET = apiRoute({}, async (ctx) => {
  return jsonAnswer({ batches: await ctx.deps.batches.list(ctx.session.tenant) });
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET", "POST");
export { otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
