import { apiRoute } from "@/lib/api/handler";
import { parseOrThrow, readJsonBody } from "@/lib/api/request";
import { getDb } from "@/lib/db";
import { deletionStatuses, type DeletionStatus } from "@/lib/db/schema";
import { DeletionRequestInput } from "@/lib/deletions/rules";
import { deletionDeps, requestDeletion } from "@/lib/deletions/service";
import { listRequests } from "@/lib/deletions/store";
import { otherMethods } from "@/lib/api/other-methods";

const noStore = { "Cache-Control": "no-store" };

// GET /api/admin/deletions – deletion requests in the admin's tenants, newest first
// (?status=pending, ?poId=…); `byYou` marks the caller's own, which only they may withdraw.
export const GET = apiRoute({ role: "admin" }, async (ctx) => {
  const query = new URL(ctx.request.url).searchParams;
  const status = query.get("status");
  const poId = query.get("poId");
  const known = (deletionStatuses as readonly string[]).includes(status ?? "");
  const rows = await listRequests(await getDb(), {
    tenants: ctx.session.user.tenants,
    ...(known ? { status: status as DeletionStatus } : {}),
    ...(poId ? { poId } : {}),
  });
  const requests = rows.map((row) => ({
    ...row,
    byYou: row.requestedById === ctx.session.user.id,
  }));
  return Response.json({ requests }, { headers: noStore });
});

// POST /api/admin/deletions – request a deletion: carried out at once, or held for a second
// admin when four-eyes is on (202). A refused DeletePO is a request with status "failed".
export const POST = apiRoute({ role: "admin", audit: "deletion.request" }, async (ctx) => {
  const input = parseOrThrow(DeletionRequestInput, await readJsonBody(ctx.request));
  ctx.audit.target = input.poId;
  const request = await requestDeletion(await deletionDeps(ctx), input);
  ctx.audit.detail = {
    requestId: request.id,
    mode: input.mode,
    reason: input.reason,
    ...(input.crn ? { crn: input.crn } : {}),
    status: request.status,
  };
  return Response.json(
    { request },
    { status: request.status === "pending" ? 202 : 200, headers: noStore },
  );
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET", "POST");
export { otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
