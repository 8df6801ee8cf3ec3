import "server-only";
// A batch's packages, each sent at most once: PUT /api/ingest/document?batch=<id>&item=<key> sends
// one, POST /api/batches/<id>/packages several small ones in one request (one after another to the
// archive, so a page keeping three such requests open keeps three packages in flight, as three
// single ones would). The item is claimed first; a package already sent answers its first SIP
// again (200), one being sent answers 409. The upstream call is not cut off when the browser goes
// away (a reload mid-send): whatever the archive answers is recorded, so the reloaded page finds
// it in the batch's status; a group stops before its next package instead.
import type {
  Enricher,
  IngestDocumentRequest,
  IngestResponse,
} from "@scriptorium/contract/ingest/schemas";
import { ApiError, toApiError } from "@/lib/api/errors";
import { auditRecord, type RouteContext } from "@/lib/api/handler";
import {
  acceptedAnswer,
  jsonAnswer,
  recordAccepted,
  type AcceptedSip,
} from "@/lib/api/ingest-route";
import type { AuditEntry } from "@/lib/journal/audit";
import type { Accepted } from "@/lib/ingest/client";
import { inTurn, takeTurn } from "./archive-turns";
import type { Claim } from "./store";
import {
  BatchItemRef,
  type BatchItemRef as Ref,
  type GroupOutcome,
  type GroupPackage,
} from "./api-schemas";

// The batch and package an ingest belongs to, from its query; null for a single ingest.
export function batchItemOf(request: Request): Ref | null {
  const query = new URL(request.url).searchParams;
  if (!query.has("batch") && !query.has("item")) return null;
  const parsed = BatchItemRef.safeParse({ batch: query.get("batch"), item: query.get("item") });
  if (!parsed.success) {
    throw new ApiError(
      "VALIDATION_ERROR",
      "batch and item must name a batch by its id and one of its packages by its key.",
      { field: "batch" },
    );
  }
  return parsed.data;
}

type Sent =
  | { kind: "accepted"; answer: Accepted<IngestResponse>; marked: Promise<void> }
  | { kind: "sent-before"; body: IngestResponse };

// Sends an item by its claim, or says why not: a package sent before answers its first SIP, one
// claimed goes to the archive and is marked sent (or failed) as soon as it answers. The mark is
// under way when this returns (`marked`): a group sends its next package meanwhile, and every
// caller waits for it before answering.
// `turn`: the batch's turn at the archive, when the caller took it already (given back here, once
// the archive has answered); without it the package waits for one.
async function sendClaimed(
  ctx: RouteContext<unknown>,
  ref: Ref,
  request: IngestDocumentRequest,
  enrichers: Enricher[],
  claim: Claim,
  turn?: () => void,
): Promise<Sent> {
  if (claim.kind === "sent") {
    turn?.();
    return {
      kind: "sent-before",
      body: { packageId: claim.packageId, name: claim.submissionName ?? undefined },
    };
  }
  const refused = refusal(claim);
  if (refused) {
    turn?.();
    throw refused;
  }
  const store = ctx.deps.batches;
  const markFailed = (error: unknown) =>
    store.failed(ref.batch, ref.item, error instanceof Error ? error.message : String(error));
  let answer: Accepted<IngestResponse>;
  try {
    try {
      const { token, tenant } = await ctx.upstream();
      const call = () => ctx.deps.ingest.ingestDocument({ token, tenant, enrichers }, request);
      answer = turn ? await call() : await inTurn(ref.batch, call);
    } finally {
      turn?.();
    }
  } catch (error) {
    await markFailed(error);
    throw error;
  }
  const marked = store
    .sent(ref.batch, ref.item, answer.body.packageId, answer.body.name ?? null)
    .catch(async (error: unknown) => {
      await markFailed(error).catch(() => {});
      throw error;
    });
  // Awaited by the caller; until then its failure is not an unhandled rejection.
  marked.catch(() => {});
  return { kind: "accepted", answer, marked };
}

// Why a claim that did not take the item refuses it; null when it did, or the package was sent
// before.
function refusal(claim: Claim): ApiError | null {
  switch (claim.kind) {
    case "unknown":
      return new ApiError(
        "NOT_FOUND",
        "This package is not part of a batch of your tenant. Start the batch again from its folder.",
      );
    case "cancelled":
      return new ApiError(
        "CONFLICT",
        "This batch was cancelled: its remaining packages are not sent.",
      );
    case "busy":
      return new ApiError(
        "CONFLICT",
        "This package of the batch is being sent already; the batch's status shows its answer.",
      );
    default:
      return null;
  }
}

// The token comes before the claim: a session that can no longer get one leaves the items
// unclaimed, free to be sent once the person signs in again.
export async function ingestBatchItem(
  ctx: RouteContext<unknown>,
  ref: Ref,
  request: IngestDocumentRequest,
  enrichers: Enricher[],
): Promise<Response> {
  ctx.audit.detail = { batch: ref.batch, item: ref.item };
  await ctx.upstream();
  const claim = await ctx.deps.batches.claim(ctx.session.tenant, ref.batch, ref.item);
  const sent = await sendClaimed(ctx, ref, request, enrichers, claim);
  if (sent.kind === "accepted") {
    await sent.marked;
    return acceptedAnswer(ctx, sent.answer, request.profile, request);
  }
  ctx.audit.target = sent.body.packageId;
  return jsonAnswer(sent.body);
}

// Sends `packages` of the batch one after another; each has its own outcome and its own audit
// entry, as it would have sent alone. The group's items are claimed in one statement and each is
// marked sent as soon as the archive answers, while the next package goes to the archive; their
// journal rows, catalogue entries and audit entries are written together once the group ends (a
// statement or a transaction each, not one per package). Stops before the next package once the
// caller has gone, giving back what it claimed and did not send.
export async function ingestBatchGroup(
  ctx: RouteContext<unknown>,
  batch: string,
  packages: readonly GroupPackage[],
  enrichers: Enricher[],
): Promise<GroupOutcome[]> {
  const store = ctx.deps.batches;
  await ctx.upstream();
  const claims = await store.claimMany(
    ctx.session.tenant,
    batch,
    packages.map((p) => p.item),
  );
  const outcomes: Promise<GroupOutcome>[] = [];
  const audits: AuditEntry[] = [];
  const accepted: AcceptedSip[] = [];
  // Packages before this one were attempted: never given back, whatever happened to them.
  let attempted = 0;
  // A package's outcome once the archive answered and its item was marked; an error keeps the
  // status and message the package would have had alone.
  const settle = async (item: string, request: IngestDocumentRequest, sending: Promise<Sent>) => {
    const notes: RouteContext<unknown>["audit"] = {
      target: request.packageId,
      detail: { batch, item },
    };
    try {
      const sent = await sending;
      if (sent.kind === "accepted") await sent.marked;
      const [status, body] =
        sent.kind === "accepted" ? [sent.answer.status, sent.answer.body] : [200, sent.body];
      notes.target = body.packageId;
      if (sent.kind === "accepted") {
        notes.detail = { ...notes.detail, submissionName: body.name, status: body.status };
        accepted.push({ body, profile: request.profile, request });
      }
      audits.push(auditRecord(ctx, "ingest.document", notes));
      return { item, ok: true, status, answer: body } satisfies GroupOutcome;
    } catch (error) {
      audits.push(auditRecord(ctx, "ingest.document", notes, error));
      const apiError = toApiError(error);
      if (apiError.code === "INTERNAL_ERROR" && apiError !== error) {
        console.error(`batch ${batch}: package ${item} failed`, error);
      }
      return {
        item,
        ok: false,
        status: apiError.status,
        ...apiError.toJSON(),
      } satisfies GroupOutcome;
    }
  };
  try {
    for (const { item, request } of packages) {
      if (ctx.request.signal.aborted) break;
      const claim = claims.get(item) ?? { kind: "unknown" };
      // A package waits here for its turn at the archive: if the caller goes meanwhile (a pause,
      // a cancel), it is given back unsent like the packages after it.
      const turn = claim.kind === "claimed" ? await takeTurn(batch) : undefined;
      if (ctx.request.signal.aborted) {
        turn?.();
        break;
      }
      attempted++;
      const sending = sendClaimed(ctx, { batch, item }, request, enrichers, claim, turn);
      // The next package waits for the archive's answer to this one, not for its mark.
      await sending.catch(() => {});
      outcomes.push(settle(item, request, sending));
    }
    return await Promise.all(outcomes);
  } finally {
    await Promise.allSettled(outcomes);
    const unsent = packages.slice(attempted).map((p) => p.item);
    await store.release(
      batch,
      unsent.filter((item) => claims.get(item)?.kind === "claimed"),
    );
    // The archive has the SIPs whatever happens here: a failure is logged, never answered.
    await recordAccepted(ctx, accepted);
    await ctx.deps
      .recordAudit(audits)
      .catch((error: unknown) =>
        console.error(`audit entries of batch ${batch}'s group could not be written`, error),
      );
  }
}
