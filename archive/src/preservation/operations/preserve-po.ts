// PreservePO: the POs of one request become one package (poId = packageId) under an active
// profile; its first version is sealed with evidence records before the answer.
import { randomUUID } from "node:crypto";
import type { PreservePORequest } from "@scriptorium/contract/preservation/schemas";
import { withBlobHold } from "../../blobs/references";
import type { BlobHold } from "../../blobs/store";
import { addVersion, appendTrace } from "../../ingest/store";
import type { Operation, OperationContext } from "../context";
import { requesterError, requireWriter } from "../errors";
import { toIngestRecords } from "../ingest-records";
import { entriesFromDecoded } from "../manifest";
import { decodeSubmittedPos, type DecodedPo } from "../po-input";
import { poOut } from "../po-output";
import { isProfileActive, type PreservationProfile } from "../profiles";
import { recordSealing, sealEntries, storeBlobs } from "../seal";

// POST /preservation/PreservePO – preserve new objects
export const preservePO: Operation<PreservePORequest> = async (request, ctx) => {
  requireWriter(ctx.caller.roles);
  const profile = activeProfile(ctx, request.pro);
  const decoded = await decodeSubmittedPos(
    request.po ?? [],
    ctx.services.metadata,
    ctx.services.identify,
  );
  const poId = randomUUID();
  const subject = ctx.caller.sub;
  // The bytes are held until the version naming them is committed; a refusal frees them.
  const entries = await withBlobHold(ctx.services.db, ctx.services.blobs, async (hold) => {
    const { entries } = await storeDecoded(ctx, decoded, hold);
    const sealing = await sealEntries(ctx.services.tsa.tsa, entries, ctx.now);
    await ctx.services.db.transaction(async (tx) => {
      await appendTrace(tx, {
        tenant: ctx.caller.tenant,
        packageId: poId,
        subject,
        operation: "PreservePO",
        object: poId,
        detail: `profile ${profile.pid}; ${entries.length} PO(s): ${entries.map((e) => e.id).join(", ")}; reqId ${ctx.reqId}`,
      });
      const version = await addRecordedVersion(
        tx,
        ctx,
        poId,
        profile.ingestProfile,
        decoded,
        entries,
      );
      await recordSealing(
        tx,
        { tenant: ctx.caller.tenant, packageId: poId, version, subject },
        entries,
        sealing,
      );
    });
    return entries;
  });
  await ctx.services.syncDatabase();
  return { body: { poId, po: entries.map((e) => poOut(e)) }, policy: [profile.pid] };
};

function activeProfile(ctx: OperationContext, pid: string): PreservationProfile {
  const profile = ctx.services.profiles.get(pid);
  if (!profile)
    throw requesterError(
      "parameterError",
      `The archive offers no profile "${pid}"; RetrieveInfo lists them.`,
    );
  if (!isProfileActive(profile, ctx.now)) {
    const period = profile.pvp.vuntl
      ? `${profile.pvp.vfrom} to ${profile.pvp.vuntl}`
      : `from ${profile.pvp.vfrom}`;
    throw requesterError(
      "parameterError",
      `The profile "${pid}" is not active (valid ${period}); choose an active profile.`,
    );
  }
  return profile;
}

// Writes the POs' bytes to the blob store, held by `hold`; answers their entries.
export async function storeDecoded(ctx: OperationContext, decoded: DecodedPo[], hold: BlobHold) {
  const result = entriesFromDecoded(decoded);
  await storeBlobs(ctx.services.blobs, result.blobs, hold);
  return result;
}

// Adds the version to the ingest API's tables and its "version added" event (inside a transaction).
export async function addRecordedVersion(
  tx: Parameters<typeof addVersion>[0],
  ctx: OperationContext,
  poId: string,
  ingestProfile: string,
  decoded: DecodedPo[],
  entries: ReturnType<typeof entriesFromDecoded>["entries"],
  carriedMetadata: ReadonlyMap<string, Record<string, unknown>> = new Map(),
): Promise<number> {
  const byId = new Map(decoded.map((d) => [d.id, d]));
  const formatNames = new Map(
    decoded.flatMap((d) =>
      d.kind === "data" && d.formatName ? [[d.id, d.formatName] as const] : [],
    ),
  );
  const records = toIngestRecords(
    entries,
    (entry) => {
      const po = byId.get(entry.id);
      return po?.kind === "metadata" ? po.metadata : (carriedMetadata.get(entry.id) ?? {});
    },
    formatNames,
  );
  const version = await addVersion(tx, {
    tenant: ctx.caller.tenant,
    packageId: poId,
    profile: ingestProfile,
    metadatas: records.metadatas,
    files: records.files,
  });
  await appendTrace(tx, {
    tenant: ctx.caller.tenant,
    packageId: poId,
    subject: ctx.caller.sub,
    operation: "version added",
    object: `${poId}@${version}`,
    detail: `${records.files.length} file(s)`,
  });
  return version;
}
