import { apiRoute } from "@/lib/api/handler";
import { parseOrThrow } from "@/lib/api/request";
import { SipStatusParams } from "@scriptorium/contract/ingest/schemas";
import { getStatusHub } from "@/lib/server/container";
import { sseResponse } from "@/lib/ingest/watch/sse-response";
import { otherMethods } from "@/lib/api/other-methods";

type Params = { packageId: string; submissionName: string };

// GET /api/ingests/[packageId]/[submissionName]/events – the SIP's status and plugin reports as
// server-sent events, from the status hub (one upstream poll per SIP for all watchers)
export const GET = apiRoute<Params>({}, async (ctx) => {
  const { packageId, submissionName } = parseOrThrow(SipStatusParams, ctx.params);
  const { session, deps } = ctx;
  const key = { tenant: session.tenant, packageId, submissionName };
  // Each poll gets a fresh token: a watch outlives the five minutes a token lives. Metadata and
  // representations are empty until the SIP is ingested; the last answer gives the catalogue
  // the package's title and formats.
  const poll = async (signal: AbortSignal) => {
    const call = {
      token: await deps.getUpstreamToken(session),
      tenant: session.tenant,
      enrichers: ["pluginreports", "metadata", "representations"] as const,
      signal,
    };
    const { body } = await deps.ingest.sipStatus(call, packageId, submissionName);
    await deps.catalogue.sipStatus(session.tenant, body, submissionName);
    return body;
  };
  return sseResponse(ctx.request.signal, (send) =>
    getStatusHub().watch(key, { poll, onEvent: send }),
  );
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET");
export { otherMethod as POST, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
