import { apiRoute } from "@/lib/api/handler";
import { deletionDeps, withdrawDeletion } from "@/lib/deletions/service";
import { otherMethods } from "@/lib/api/other-methods";

type Params = { id: string };

// POST /api/admin/deletions/[id]/withdraw – the administrator who asked takes a waiting request back
export const POST = apiRoute<Params>({ role: "admin", audit: "deletion.withdraw" }, async (ctx) => {
  ctx.audit.detail = { requestId: ctx.params.id };
  const request = await withdrawDeletion(await deletionDeps(ctx), ctx.params.id);
  ctx.audit.target = request.poId;
  return Response.json({ request }, { headers: { "Cache-Control": "no-store" } });
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("POST");
export { otherMethod as GET, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
