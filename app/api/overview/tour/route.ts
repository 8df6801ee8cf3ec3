import { z } from "zod";
import { apiRoute } from "@/lib/api/handler";
import { parseOrThrow, readJsonBody } from "@/lib/api/request";
import { getDb } from "@/lib/db";
import { writeTourDismissed } from "@/lib/overview/tour-store";
import { otherMethods } from "@/lib/api/other-methods";

const TourInput = z.strictObject({
  dismissed: z.boolean({ error: "dismissed must be true or false" }),
});

// PUT /api/overview/tour – remember that the signed-in user finished or dismissed the first-run
// tour (true), or offer it again at their next visit (false)
export const PUT = apiRoute({}, async (ctx) => {
  const { dismissed } = parseOrThrow(TourInput, await readJsonBody(ctx.request));
  await writeTourDismissed(await getDb(), ctx.session.user.id, dismissed);
  return Response.json({ dismissed }, { headers: { "Cache-Control": "no-store" } });
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("PUT");
export { otherMethod as GET, otherMethod as POST, otherMethod as PATCH, otherMethod as DELETE };
