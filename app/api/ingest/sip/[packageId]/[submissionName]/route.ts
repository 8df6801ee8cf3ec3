import { apiRoute } from "@/lib/api/handler";
import { jsonAnswer, requestedEnrichers } from "@/lib/api/ingest-route";
import { parseOrThrow } from "@/lib/api/request";
import { SipStatusParams } from "@scriptorium/contract/ingest/schemas";
import { otherMethods } from "@/lib/api/other-methods";

type Params = { packageId: string; submissionName: string };

// GET /api/ingest/sip/[packageId]/[submissionName] – the status of one SIP; the journal and the
// catalogue keep it
export const GET = apiRoute<Params>({}, async (ctx) => {
  const { packageId, submissionName } = parseOrThrow(SipStatusParams, ctx.params);
  const call = { ...(await ctx.upstream()), enrichers: requestedEnrichers(ctx.request) };
  const answer = await ctx.deps.ingest.sipStatus(call, packageId, submissionName);
  if (answer.body.status) {
    const key = { tenant: ctx.session.tenant, packageId, submissionName };
    await ctx.deps.journal
      .recordStatus(key, answer.body.status, answer.body.pluginReports)
      .catch((error: unknown) =>
        console.error(`journal status of ${packageId}/${submissionName}`, error),
      );
    await ctx.deps.catalogue.sipStatus(ctx.session.tenant, answer.body, submissionName);
  }
  return jsonAnswer(answer.body);
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET");
export { otherMethod as POST, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
