import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/other-methods";
import { getDb } from "@/lib/db";
import { rejectFourEyesOff } from "@/lib/deletions/four-eyes";

type Params = { id: string };

// POST /api/admin/settings/four-eyes-off/[id]/reject – an administrator (the requester
// withdrawing, too) rejects switching four-eyes approval off; it stays on
export const POST = apiRoute<Params>({ role: "admin", audit: "settings.reject" }, async (ctx) => {
  ctx.audit.target = "deletions.four-eyes";
  ctx.audit.detail = { requestId: ctx.params.id };
  const { state, request } = await rejectFourEyesOff(await getDb(), ctx.params.id);
  ctx.audit.detail.requestedBy = request.requestedByName;
  return Response.json(state, { headers: { "Cache-Control": "no-store" } });
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("POST");
export { otherMethod as GET, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
