// Finishes what a crash left of SIPs that had ended: a SIP's record (sips/<id>.json, which holds
// any inline content in base64) and its work folder (work/<id>/) outlive it when the process dies
// between the commit that ends the SIP and the cleanup after it. The pipeline removes both itself;
// this pass, run by the sweep at start and periodically, removes what it could not.
import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { inArray } from "drizzle-orm";
import type { BlobStore } from "../blobs/store";
import type { ArchiveDb } from "../db/client";
import { submissions } from "../db/schema";
import { discardFailedSip } from "./sip-blobs";

const RECORD = /^(.+)\.json(\.tmp)?$/;
const BATCH = 500;

// Removes the records and work folders of INGESTED and FAILED SIPs (a FAILED one's blobs go too,
// as discardFailedSip decides); answers how many SIPs it finished. SIPs still PENDING or
// PROCESSING, and files no row names yet (a request being accepted), are left alone.
export async function finishEndedSips(deps: {
  db: ArchiveDb;
  blobs: BlobStore;
  dataDir: string;
}): Promise<number> {
  const sipsDir = path.join(deps.dataDir, "sips");
  const workDir = path.join(deps.dataDir, "work");
  const found = new Map<string, string[]>();
  const note = (id: string, file: string) => found.set(id, [...(found.get(id) ?? []), file]);
  for (const name of await readdir(sipsDir).catch(() => [] as string[])) {
    const id = RECORD.exec(name)?.[1];
    if (id) note(id, path.join(sipsDir, name));
  }
  for (const name of await readdir(workDir).catch(() => [] as string[]))
    note(name, path.join(workDir, name));

  let finished = 0;
  const ids = [...found.keys()];
  for (let at = 0; at < ids.length; at += BATCH) {
    const rows = await deps.db
      .select({ id: submissions.id, status: submissions.status })
      .from(submissions)
      .where(inArray(submissions.id, ids.slice(at, at + BATCH)));
    for (const { id, status } of rows) {
      if (status !== "INGESTED" && status !== "FAILED") continue;
      if (status === "FAILED") await discardFailedSip(deps, id);
      for (const file of found.get(id) ?? []) await rm(file, { recursive: true, force: true });
      finished += 1;
    }
  }
  return finished;
}
