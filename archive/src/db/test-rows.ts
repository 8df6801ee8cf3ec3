// Rows that tests of the blob cleanup insert directly, without running a SIP through the pipeline.
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { ArchiveDb } from "./client";
import { submissionBlobs, submissions } from "./schema";

// A submission in `status` that holds `held` (submission_blobs); answers its id.
export async function insertSubmissionHolding(
  db: ArchiveDb,
  dataDir: string,
  status: "PENDING" | "FAILED",
  held: string[],
): Promise<string> {
  const id = randomUUID();
  await db.insert(submissions).values({
    id,
    tenant: "demo",
    packageId: `pkg-${id}`,
    name: "sip-1",
    kind: "document",
    status,
    profile: "default",
    submittedBy: "tester",
    sipPath: path.join(dataDir, "sips", `${id}.json`),
  });
  if (held.length > 0)
    await db.insert(submissionBlobs).values(held.map((blob) => ({ submissionId: id, blob })));
  return id;
}
