import "server-only";
// What the /api routes depend on, behind one seam: the session, the upstream token, the audit log,
// the ingest journal and the two upstream clients. The server container (lib/server/container.ts)
// wires the real ones on first use; tests replace any of them with `configureApi` (e.g. a
// session, or a client whose fetch counts).
import type { CurrentSession } from "@/lib/auth/session";
import type { CatalogueRecorder } from "@/lib/catalogue/recorder";
import type { AuditEntry } from "@/lib/journal/audit";
import type { BatchStore } from "@/lib/batch/store";
import type { IngestClient } from "@/lib/ingest/client";
import type { PreservationClient } from "@/lib/preservation/client";
import type { SubmissionJournal } from "./journal";

// The dashboard's signed-in user: id, user (roles, tenants), the chosen tenant, isAdmin.
export type ApiSession = CurrentSession;

export interface ApiDeps {
  getSession(request: Request): Promise<ApiSession | null>;
  // A valid upstream access token for the session (user mode) or the dashboard (service mode).
  getUpstreamToken(session: ApiSession): Promise<string>;
  // One entry, or several written together.
  recordAudit(entries: AuditEntry | readonly AuditEntry[]): Promise<void>;
  journal: SubmissionJournal;
  // Batches and their packages, each package sent at most once.
  batches: BatchStore;
  // The holdings catalogue, fed from what the routes send and read.
  catalogue: CatalogueRecorder;
  ingest: IngestClient;
  preservation: PreservationClient;
  // Origins whose pages may send changes (APP_URL's), besides the request's own.
  appOrigins: readonly string[];
  // Throws FORBIDDEN when a DeletePO may not be sent directly (four-eyes approval is on).
  assertDirectDeletion(): Promise<void>;
}

// Wired by the server container, where tests replace parts of it.
export { apiDeps, configureApi, resetApi } from "@/lib/server/container";
