import { ApiError } from "@/lib/api/errors";
import { apiRoute } from "@/lib/api/handler";
import { jsonAnswer } from "@/lib/api/ingest-route";
import { parseOrThrow, readJsonBody } from "@/lib/api/request";
import { getDb } from "@/lib/db";
import { SipStatusParams } from "@scriptorium/contract/ingest/schemas";
import { ReviewRequest } from "@/lib/journal/submission-filters";
import { markReviewed } from "@/lib/journal/submissions";
import { otherMethods } from "@/lib/api/other-methods";

type Params = { packageId: string; submissionName: string };

// POST /api/ingests/[packageId]/[submissionName]/review – mark a submission reviewed with a note
// (admins); the wrapper writes it to the audit log
export const POST = apiRoute<Params>({ role: "admin", audit: "ingest.review" }, async (ctx) => {
  const { packageId, submissionName } = parseOrThrow(SipStatusParams, ctx.params);
  ctx.audit.target = `${packageId}/${submissionName}`;
  const { note } = parseOrThrow(ReviewRequest, await readJsonBody(ctx.request));
  ctx.audit.detail = { note };
  const key = { tenant: ctx.session.tenant, packageId, submissionName };
  const entry = await markReviewed(await getDb(), key, { name: ctx.session.user.name }, note);
  if (!entry) {
    throw new ApiError("NOT_FOUND", "The journal has no such submission in this tenant.");
  }
  return jsonAnswer(entry);
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("POST");
export { otherMethod as GET, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
