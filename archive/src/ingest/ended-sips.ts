// Finishes what a crash left of SIPs: a SIP's record (sips/<id>.json, which holds any inline
// content in base64) and its work folder (work/<id>/) outlive it when the process dies between the
// commit that ends the SIP and the cleanup after it; and a record is written before the rows that
// accept it, so a crash in between leaves a record no row names, for a request never answered.
// The pipeline and the request remove their own; this pass, run by the sweep at start and
// periodically, removes what they could not.
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { inArray } from "drizzle-orm";
import type { BlobStore } from "../blobs/store";
import type { ArchiveDb } from "../db/client";
import { submissions } from "../db/schema";
import { discardFailedSip } from "./sip-blobs";

const RECORD = /^(.+)\.json(\.tmp)?$/;
const BATCH = 500;
// A record no row names may belong to a request being accepted right now (here or in another
// process on the same data folder); one this old belongs to a request that died.
export const UNANSWERED_RECORD_MIN_AGE_MS = 60 * 60_000;

export interface EndedSipsOutcome {
  // SIPs INGESTED or FAILED whose leftovers were removed.
  ended: number;
  // Records of requests that were never answered.
  unanswered: number;
}

// Removes the records and work folders of INGESTED and FAILED SIPs (a FAILED one's blobs go too,
// as discardFailedSip decides) and old records no row names. SIPs still PENDING or PROCESSING
// are left alone.
export async function finishEndedSips(
  deps: { db: ArchiveDb; blobs: BlobStore; dataDir: string },
  now = new Date(),
): Promise<EndedSipsOutcome> {
  const sipsDir = path.join(deps.dataDir, "sips");
  const workDir = path.join(deps.dataDir, "work");
  const found = new Map<string, string[]>();
  const note = (id: string, file: string) => found.set(id, [...(found.get(id) ?? []), file]);
  for (const name of await readdir(sipsDir).catch(() => [] as string[])) {
    const id = RECORD.exec(name)?.[1];
    if (id) note(id, path.join(sipsDir, name));
  }
  for (const name of await readdir(workDir).catch(() => [] as string[])) {
    note(name, path.join(workDir, name));
  }

  const outcome: EndedSipsOutcome = { ended: 0, unanswered: 0 };
  const remove = async (id: string) => {
    for (const file of found.get(id) ?? []) await rm(file, { recursive: true, force: true });
  };
  const ids = [...found.keys()];
  for (let at = 0; at < ids.length; at += BATCH) {
    const batch = ids.slice(at, at + BATCH);
    const rows = await deps.db
      .select({ id: submissions.id, status: submissions.status })
      .from(submissions)
      .where(inArray(submissions.id, batch));
    for (const { id, status } of rows) {
      if (status !== "INGESTED" && status !== "FAILED") continue;
      if (status === "FAILED") await discardFailedSip(deps, id);
      await remove(id);
      outcome.ended += 1;
    }
    const named = new Set(rows.map((r) => r.id));
    for (const id of batch) {
      if (
        named.has(id) ||
        !(await allOlderThan(found.get(id) ?? [], now.getTime() - UNANSWERED_RECORD_MIN_AGE_MS))
      )
        continue;
      await remove(id);
      outcome.unanswered += 1;
    }
  }
  return outcome;
}

// Whether every file was last modified before `cutoff` (one that is gone counts as old).
async function allOlderThan(files: string[], cutoff: number): Promise<boolean> {
  for (const file of files) {
    const modified = await stat(file).then(
      (s) => s.mtimeMs,
      () => 0,
    );
    if (modified >= cutoff) return false;
  }
  return true;
}
