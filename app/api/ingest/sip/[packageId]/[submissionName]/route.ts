import { directLane } from "@/lib/server/direct-lane";
import { apiRoute } from "@/lib/api/handler";
import { getRecordedStatuses } from "@/lib/server/container";
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
  const { status, pluginReports } = answer.body;
  // A status this process has recorded already (a page polling an ended SIP) is not written again.
  const recorded = getRecordedStatuses();
  const sip = JSON.stringify([ctx.session.tenant, packageId, submissionName]);
  const seen = JSON.stringify([status, pluginReports ?? null]);
  if (status && !recorded.has(sip, seen)) {
    const key = { tenant: ctx.session.tenant, packageId, submissionName };
    const journalled = await ctx.deps.journal.recordStatus(key, status, pluginReports).then(
      () => true,
      (error: unknown) => {
        console.error(`journal status of ${packageId}/${submissionName}`, error);
        return false;
      },
    );
    await ctx.deps.catalogue.sipStatus(ctx.session.tenant, answer.body, submissionName);
    if (journalled) recorded.remember(sip, seen);
  }
  return jsonAnswer(answer.body);
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET");
export { otherMethod as POST, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };

// Answered without Next.js's router once the session is known (lib/server/direct-lane.ts)
directLane("/api/ingest/sip/[packageId]/[submissionName]", { GET });
