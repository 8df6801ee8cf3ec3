import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/other-methods";
import { getDb } from "@/lib/db";
import { approveFourEyesOff } from "@/lib/deletions/four-eyes";

type Params = { id: string };

// POST /api/admin/settings/four-eyes-off/[id]/approve – another administrator approves
// switching four-eyes approval off; it is off from now on
export const POST = apiRoute<Params>({ role: "admin", audit: "settings.approve" }, async (ctx) => {
  ctx.audit.target = "deletions.four-eyes";
  ctx.audit.detail = { requestId: ctx.params.id, fourEyes: false };
  const { state, request } = await approveFourEyesOff(await getDb(), ctx.params.id, {
    id: ctx.session.user.id,
    name: ctx.session.user.name,
  });
  ctx.audit.detail.requestedBy = request.requestedByName;
  return Response.json(state, { headers: { "Cache-Control": "no-store" } });
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("POST");
export { otherMethod as GET, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
