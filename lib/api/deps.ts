import "server-only";
// What the /api routes depend on, behind one seam: the session, the upstream token, the audit log,
// the ingest journal and the two upstream clients. Production wires the real ones on first use;
// tests replace any of them with `configureApi` (e.g. a session, or a client whose fetch counts).
import type { CurrentSession } from "@/lib/auth/session";
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
  recordAudit(entry: AuditEntry): Promise<void>;
  journal: SubmissionJournal;
  batches: BatchStore;
  ingest: IngestClient;
  preservation: PreservationClient;
  // Origins whose pages may send changes (APP_URL's), besides the request's own.
  appOrigins: readonly string[];
  // Throws FORBIDDEN when a DeletePO may not be sent directly (four-eyes approval is on).
  assertDirectDeletion(): Promise<void>;
}

const holder = globalThis as typeof globalThis & {
  __scriptoriumApiOverrides?: Partial<ApiDeps>;
  __scriptoriumApiDefaults?: Promise<ApiDeps>;
};

// Imported lazily: the real wiring opens the database and reads the environment.
async function defaults(): Promise<ApiDeps> {
  holder.__scriptoriumApiDefaults ??= import("./default-deps").then((m) => m.createDefaultDeps());
  return holder.__scriptoriumApiDefaults;
}

// The dependencies for this request: the overrides, then the defaults for whatever they leave out.
export async function apiDeps(): Promise<ApiDeps> {
  const overrides = holder.__scriptoriumApiOverrides ?? {};
  const keys: (keyof ApiDeps)[] = [
    "getSession",
    "getUpstreamToken",
    "recordAudit",
    "journal",
    "batches",
    "ingest",
    "preservation",
    "appOrigins",
    "assertDirectDeletion",
  ];
  if (keys.every((key) => key in overrides)) return overrides as ApiDeps;
  return { ...(await defaults()), ...overrides };
}

// Replaces some dependencies for every later request in this process (tests, scripts).
export function configureApi(overrides: Partial<ApiDeps>): void {
  holder.__scriptoriumApiOverrides = { ...holder.__scriptoriumApiOverrides, ...overrides };
}

// Back to the real dependencies.
export function resetApi(): void {
  holder.__scriptoriumApiOverrides = undefined;
}
