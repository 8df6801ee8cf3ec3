import { z } from "zod";
import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/other-methods";
import { parseOrThrow, readJsonBody } from "@/lib/api/request";
import { getDb } from "@/lib/db";
import { readFourEyes, writeFourEyes } from "@/lib/deletions/store";

const SettingsInput = z.strictObject({
  fourEyes: z.boolean({ error: "fourEyes must be true or false" }),
});

const noStore = { "Cache-Control": "no-store" };

// GET /api/admin/settings – the dashboard's run-time settings (four-eyes deletion approval)
export const GET = apiRoute({ role: "admin" }, async () => {
  return Response.json({ fourEyes: await readFourEyes(await getDb()) }, { headers: noStore });
});

// PUT /api/admin/settings – turn four-eyes deletion approval on or off
export const PUT = apiRoute({ role: "admin", audit: "settings.update" }, async (ctx) => {
  const { fourEyes } = parseOrThrow(SettingsInput, await readJsonBody(ctx.request));
  ctx.audit.target = "deletions.four-eyes";
  ctx.audit.detail = { fourEyes };
  await writeFourEyes(await getDb(), fourEyes);
  return Response.json({ fourEyes }, { headers: noStore });
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET", "PUT");
export { otherMethod as POST, otherMethod as PATCH, otherMethod as DELETE };
