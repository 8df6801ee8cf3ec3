// UpdatePOC: deltaPoc becomes the object's next version. A PO whose id the latest version has
// replaces it, a new id is added, every other PO carries over; the new version is sealed as a whole.
import type { UpdatePOCRequest } from "@scriptorium/contract/preservation/schemas";
import { withBlobHold } from "../../blobs/references";
import { appendTrace } from "../../ingest/store";
import type { Operation } from "../context";
import { requesterError, requireWriter, responderError, unknownPoId } from "../errors";
import { applyDelta } from "../manifest";
import {
  lookupPackage,
  profileOf,
  readPoBytes,
  requireLiveObject,
  selectVersions,
  versionIdOf,
} from "../objects";
import { decodeSubmittedPos } from "../po-input";
import { recordSealing, sealEntries } from "../seal";
import { addRecordedVersion, storeDecoded } from "./preserve-po";

// POST /preservation/UpdatePOC – add a version to an object
export const updatePOC: Operation<UpdatePOCRequest> = async (request, ctx) => {
  const { services, caller } = ctx;
  requireWriter(caller.roles);
  const { pkg, rows } = await requireLiveObject(ctx, request.poId);
  const profile = profileOf(services, pkg, ctx.now);
  const [latest] = selectVersions(rows, undefined, request.poId);
  const previous = latest!.objects;
  if (request.deltaPoc.length === 0)
    throw requesterError(
      "parameterError",
      "deltaPoc is empty: it must carry the POs of the new version.",
    );
  const decoded = await decodeSubmittedPos(
    request.deltaPoc,
    services.metadata,
    services.identify,
    previous.map((e) => e.id),
  );
  // The bytes are held until the version naming them is committed; a refusal frees them.
  const version = await withBlobHold(services.db, services.blobs, async (hold) => {
    const { entries: delta } = await storeDecoded(ctx, decoded, hold);
    const entries = applyDelta(previous, delta);
    // Metadata POs carried over keep their parsed values in the ingest API's records.
    const carried = new Map<string, Record<string, unknown>>();
    for (const entry of entries) {
      if (entry.kind !== "metadata" || delta.includes(entry)) continue;
      const parsed = services.metadata.parseMetadataFile(
        entry.formatId ?? "",
        await readPoBytes(services, entry),
        entry.id,
      );
      carried.set(entry.id, "data" in parsed ? parsed.data : {});
    }
    const sealing = await sealEntries(services.tsa.tsa, entries, ctx.now);
    return services.db.transaction(async (tx) => {
      // The delta was applied to the latest version read above; a version added or a deletion since
      // then would make the result wrong, so the row lock decides.
      const locked = await lookupPackage(tx, caller.tenant, request.poId, true);
      if (!locked || locked.deletedAt) throw unknownPoId(request.poId);
      if (locked.latestVersion !== pkg.latestVersion) {
        throw responderError(
          "DeltaPOCInternalProblem",
          "The object received another version while this update was applied; send the update again.",
        );
      }
      await appendTrace(tx, {
        tenant: caller.tenant,
        packageId: request.poId,
        subject: caller.sub,
        operation: "UpdatePOC",
        object: request.poId,
        detail: `${delta.length} PO(s) in the delta: ${delta.map((e) => e.id).join(", ")}; reqId ${ctx.reqId}`,
      });
      const added = await addRecordedVersion(
        tx,
        ctx,
        request.poId,
        pkg.profile,
        decoded,
        entries,
        carried,
      );
      await recordSealing(
        tx,
        { tenant: caller.tenant, packageId: request.poId, version: added, subject: caller.sub },
        entries,
        sealing,
      );
      return added;
    });
  });
  await services.syncDatabase();
  return { body: { versionId: versionIdOf({ version }) }, policy: [profile.pid] };
};
