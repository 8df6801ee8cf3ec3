// RetrievePO: the latest version, or the versions named, as the subject of retrieval asks:
//   PO                      the POs only
//   Evidence                the evidence records only
//   POwithEmbeddedEvidence  (default) each PO followed by its evidence record; the PO's relObj names it
//   POwithDetachedEvidence  all POs, then all evidence records; only the records point at their POs
// Evidence records are ordinary POs whose formatId names the evidence format. When several versions
// are answered, every id is prefixed with "<versionId>/" so that ids stay unique.
import type { RetrievePORequest } from "@scriptorium/contract/preservation/schemas";
import { appendTrace } from "../../ingest/store";
import type { Operation, OperationContext } from "../context";
import { requesterError, unknownPoId } from "../errors";
import {
  lookupPackage,
  profileOf,
  readPoBytes,
  readSealedVersions,
  requireLiveObject,
  selectVersions,
  versionIdOf,
} from "../objects";
import { evidenceId, evidenceOut, poOut, type PoOut } from "../po-output";
import { defaultFormat, type PreservationProfile } from "../profiles";
import type { SealedVersionRow } from "../tables";

// POST /preservation/RetrievePO – fetch an object's POs and/or evidence
export const retrievePO: Operation<RetrievePORequest> = async (request, ctx) => {
  const sor = request.sor ?? "POwithEmbeddedEvidence";
  const { tenant } = ctx.caller;
  const { pkg, rows } =
    sor === "Evidence"
      ? await evidenceOnlyPackage(ctx, request.poId)
      : await requireLiveObject(ctx, request.poId);
  const profile = profileOf(ctx.services, pkg, ctx.now);
  checkFormats(profile, request);
  const evFormat = request.evFormat ?? defaultFormat(profile.ef);
  const versions = selectVersions(rows, request.versionId, request.poId);
  if (sor !== "Evidence") checkInlineSize(versions);
  const po: PoOut[] = [];
  for (const row of versions) {
    const prefix = versions.length > 1 ? `${versionIdOf(row)}/` : "";
    po.push(...(await versionPos(ctx, row, sor, evFormat, prefix)));
  }
  await appendTrace(ctx.services.db, {
    tenant,
    packageId: request.poId,
    subject: ctx.caller.sub,
    operation: "RetrievePO",
    object: request.poId,
    detail: `versions ${versions.map(versionIdOf).join(", ")}; sor ${sor}${sor === "PO" ? "" : `; evidence ${evFormat}`}`,
  });
  return { body: { po }, policy: [profile.pid] };
};

// After DeletePO with OnlySubDOs only the evidence is left, and only sor Evidence still reaches it.
async function evidenceOnlyPackage(ctx: OperationContext, poId: string) {
  const pkg = await lookupPackage(ctx.services.db, ctx.caller.tenant, poId);
  if (pkg && !pkg.deletedAt) return requireLiveObject(ctx, poId);
  const rows = pkg ? await readSealedVersions(ctx.services.db, ctx.caller.tenant, poId) : [];
  if (!pkg || rows.length === 0) throw unknownPoId(poId);
  return { pkg, rows };
}

// RetrievePO answers content inline as base64 in one JSON body; past this it would exhaust memory.
export const MAX_INLINE_BYTES = 100 * 1024 * 1024;

// Refuses (notSupported) versions whose data objects together exceed MAX_INLINE_BYTES.
export function checkInlineSize(versions: Pick<SealedVersionRow, "objects">[]) {
  const total = versions.reduce((sum, row) => sum + row.objects.reduce((s, e) => s + e.size, 0), 0);
  if (total > MAX_INLINE_BYTES) {
    const mib = (n: number) => `${Math.ceil(n / 1024 / 1024)} MiB`;
    throw requesterError(
      "notSupported",
      `The requested versions hold ${mib(total)} of data objects, more than the ${mib(MAX_INLINE_BYTES)} RetrievePO returns inline; ask for fewer versions, or for sor Evidence.`,
    );
  }
}

function checkFormats(profile: PreservationProfile, request: RetrievePORequest) {
  if (
    request.poFormat !== undefined &&
    !profile.poFormats.some((f) => f.fid === request.poFormat)
  ) {
    const offered = profile.poFormats.map((f) => f.fid).join(", ");
    throw requesterError(
      "unknownPOFormat",
      `The profile ${profile.pid} offers no PO format "${request.poFormat}" (it offers ${offered}).`,
    );
  }
  if (request.evFormat !== undefined && !profile.ef.some((f) => f.fid === request.evFormat)) {
    const offered = profile.ef.map((f) => f.fid).join(", ");
    throw requesterError(
      "unknownEvidenceFormat",
      `The profile ${profile.pid} offers no evidence format "${request.evFormat}" (it offers ${offered}).`,
    );
  }
}

async function versionPos(
  ctx: OperationContext,
  row: SealedVersionRow,
  sor: string,
  evFormat: string,
  prefix: string,
): Promise<PoOut[]> {
  const records = new Map(row.records.map((r) => [r.id, r]));
  const evidenceFor = (id: string) => {
    const record = records.get(id);
    return record
      ? [evidenceOut(record, evFormat, prefix + evidenceId(id, evFormat), [prefix + id])]
      : [];
  };
  if (sor === "Evidence") return row.objects.flatMap((e) => evidenceFor(e.id));
  const prefixed = (ids: string[] | undefined) => ids?.map((id) => prefix + id);
  const pos: PoOut[] = [];
  const evidence: PoOut[] = [];
  for (const entry of row.objects) {
    const bytes = await readPoBytes(ctx.services, entry);
    if (sor === "POwithEmbeddedEvidence") {
      const relObj = [...(prefixed(entry.relObj) ?? []), prefix + evidenceId(entry.id, evFormat)];
      pos.push(poOut(entry, bytes, { id: prefix + entry.id, relObj }), ...evidenceFor(entry.id));
    } else {
      pos.push(poOut(entry, bytes, { id: prefix + entry.id, relObj: prefixed(entry.relObj) }));
      if (sor === "POwithDetachedEvidence") evidence.push(...evidenceFor(entry.id));
    }
  }
  return [...pos, ...evidence];
}
