import "server-only";
// The production wiring of the /api seam: the auth module's session and token source, the audit
// log and the journal over the dashboard database, and the clients configured from the environment.
import { getCurrentSession } from "@/lib/auth/session";
import { getUpstreamToken } from "@/lib/auth/upstream-token";
import { createBatchStore } from "@/lib/batch/store";
import { getDb } from "@/lib/db";
import { assertDirectDeletionAllowed } from "@/lib/deletions/guard";
import { env } from "@/lib/env";
import { getIngestClient } from "@/lib/ingest";
import { recordAudit } from "@/lib/journal/audit";
import { getPreservationClient } from "@/lib/preservation";
import type { ApiDeps } from "./deps";
import { createSubmissionJournal } from "./journal";

// Builds the real dependencies; called once per process.
export function createDefaultDeps(): ApiDeps {
  return {
    // The session comes from the request's cookie, read by next/headers inside the auth module.
    getSession: () => getCurrentSession(),
    getUpstreamToken: (session) => getUpstreamToken(session),
    recordAudit: (entry) => recordAudit(entry),
    journal: createSubmissionJournal(getDb),
    batches: createBatchStore(getDb),
    ingest: getIngestClient(),
    preservation: getPreservationClient(),
    appOrigins: [new URL(env.APP_URL).origin],
    assertDirectDeletion: () => assertDirectDeletionAllowed(),
  };
}
