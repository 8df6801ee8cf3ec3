import { apiRoute } from "@/lib/api/handler";
import { parseOrThrow, readJsonBody } from "@/lib/api/request";
import { DeletionDecisionInput } from "@/lib/deletions/rules";
import { approveDeletion, deletionDeps } from "@/lib/deletions/service";
import { otherMethods } from "@/lib/api/other-methods";

type Params = { id: string };

// POST /api/admin/deletions/[id]/approve – a second admin approves; DeletePO is sent at once
export const POST = apiRoute<Params>({ role: "admin", audit: "deletion.approve" }, async (ctx) => {
  const { comment } = parseOrThrow(DeletionDecisionInput, await readJsonBody(ctx.request));
  ctx.audit.detail = { requestId: ctx.params.id, comment };
  const request = await approveDeletion(await deletionDeps(ctx), ctx.params.id, comment);
  ctx.audit.target = request.poId;
  ctx.audit.detail.status = request.status;
  return Response.json({ request }, { headers: { "Cache-Control": "no-store" } });
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("POST");
export { otherMethod as GET, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
