import { z } from "zod";
import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/other-methods";
import { parseOrThrow, readJsonBody } from "@/lib/api/request";
import { getDb } from "@/lib/db";
import { askFourEyesOff, readFourEyesState, switchFourEyesOn } from "@/lib/deletions/four-eyes";

const SettingsInput = z.strictObject({
  fourEyes: z.boolean({ error: "fourEyes must be true or false" }),
});

const noStore = { "Cache-Control": "no-store" };

// GET /api/admin/settings – the run-time settings: four-eyes deletion approval, and a waiting
// request to switch it off
export const GET = apiRoute({ role: "admin" }, async () => {
  return Response.json(await readFourEyesState(await getDb()), { headers: noStore });
});

// PUT /api/admin/settings – four-eyes approval on (at once), or off: then a request another
// administrator approves (202, `pendingOff`), so no administrator can switch it off alone
export const PUT = apiRoute({ role: "admin", audit: "settings.update" }, async (ctx) => {
  const { fourEyes } = parseOrThrow(SettingsInput, await readJsonBody(ctx.request));
  const db = await getDb();
  ctx.audit.target = "deletions.four-eyes";
  if (fourEyes) {
    const { state, withdrawn } = await switchFourEyesOn(db);
    ctx.audit.detail = {
      fourEyes,
      ...(withdrawn ? { withdrew: withdrawn.id, requestedBy: withdrawn.requestedByName } : {}),
    };
    return Response.json(state, { headers: noStore });
  }
  const state = await askFourEyesOff(db, { id: ctx.session.user.id, name: ctx.session.user.name });
  ctx.audit.detail = state.pendingOff
    ? { fourEyes, status: "waiting for another administrator", requestId: state.pendingOff.id }
    : { fourEyes };
  return Response.json(state, { status: state.pendingOff ? 202 : 200, headers: noStore });
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET", "PUT");
export { otherMethod as POST, otherMethod as PATCH, otherMethod as DELETE };
