// The archive's database schema: one Drizzle schema for PGlite and PostgreSQL alike.
// After changing it, run `npm run archive:db:generate` and commit the new migration.
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

// State of the OpenID Connect provider (sessions, grants, codes, refresh tokens, ...), stored by
// the adapter in archive/src/oidc/adapter.ts so that sign-ins survive a restart.
export const oidcPayloads = pgTable(
  "oidc_payloads",
  {
    model: text("model").notNull(),
    id: text("id").notNull(),
    payload: jsonb("payload").notNull(),
    grantId: text("grant_id"),
    userCode: text("user_code"),
    uid: text("uid"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index("oidc_payloads_grant_id_idx").on(t.grantId),
    index("oidc_payloads_uid_idx").on(t.uid),
    index("oidc_payloads_user_code_idx").on(t.userCode),
  ],
);

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

// Secrets the archive generates once and must keep across restarts and processes (upload URL HMAC key).
export const archiveSecrets = pgTable("archive_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
});

// A package is the preservation object: poId = packageId, scoped to its tenant so that one tenant
// can neither see nor collide with another's identifiers. The row exists from the first accepted
// SIP on; it is an AIP once it has a version.
export const packages = pgTable(
  "packages",
  {
    tenant: text("tenant").notNull(),
    packageId: text("package_id").notNull(),
    profile: text("profile").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    // Submission names are numbered per package; the counter lives here so a row lock serialises it.
    submissionCount: integer("submission_count").notNull().default(0),
    latestVersion: integer("latest_version"),
    deletedAt: timestamptz("deleted_at"),
  },
  (t) => [primaryKey({ columns: [t.tenant, t.packageId] })],
);

// One version of an AIP. Earlier versions are never changed; a delta SIP adds the next one.
export const packageVersions = pgTable(
  "package_versions",
  {
    tenant: text("tenant").notNull(),
    packageId: text("package_id").notNull(),
    version: integer("version").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    submissionId: text("submission_id"),
    // Package-level metadata: [{ schema, metadata, file? }].
    metadatas: jsonb("metadatas").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenant, t.packageId, t.version] })],
);

// A file of a version. Each document of a SIP is one representation holding one file; the
// representation's own metadata sits with it.
export const packageFiles = pgTable(
  "package_files",
  {
    tenant: text("tenant").notNull(),
    packageId: text("package_id").notNull(),
    version: integer("version").notNull(),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    mimeType: text("mime_type").notNull(),
    puid: text("puid"),
    formatName: text("format_name"),
    sha256: text("sha256").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    // Key of the content-addressed blob (its SHA-256 today; a separate column so storage can change).
    blob: text("blob").notNull(),
    metadatas: jsonb("metadatas").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenant, t.packageId, t.version, t.position] })],
);

// A SIP as accepted: its request is on disk at `sipPath`, its progress in `status`.
export const submissions = pgTable(
  "submissions",
  {
    id: text("id").primaryKey(),
    tenant: text("tenant").notNull(),
    packageId: text("package_id").notNull(),
    name: text("name").notNull(),
    kind: text("kind", { enum: ["document", "update", "sip"] }).notNull(),
    status: text("status", { enum: ["PENDING", "PROCESSING", "INGESTED", "FAILED"] }).notNull(),
    profile: text("profile").notNull(),
    submittedBy: text("submitted_by").notNull(),
    submissionDate: timestamptz("submission_date").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    sipPath: text("sip_path").notNull(),
    version: integer("version"),
  },
  (t) => [uniqueIndex("submissions_package_name_idx").on(t.tenant, t.packageId, t.name)],
);

// The blobs a SIP brought in or names: its bag, its uploads (rows written when it is accepted) and
// the files the pipeline stored (written as it stores them). While the SIP is PENDING or
// PROCESSING they count as references, since the uploads' rows may go and nothing else names the
// rest; once it is FAILED they are what its cleanup frees. Rows go when the SIP ends.
export const submissionBlobs = pgTable(
  "submission_blobs",
  {
    submissionId: text("submission_id").notNull(),
    blob: text("blob").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blob, t.submissionId] }),
    index("submission_blobs_submission_idx").on(t.submissionId),
  ],
);

export const pluginReports = pgTable(
  "plugin_reports",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    submissionId: text("submission_id").notNull(),
    pluginName: text("plugin_name").notNull(),
    status: text("status", { enum: ["SUCCESS", "WARNING", "FAILURE"] }).notNull(),
    message: text("message").notNull(),
    executionDate: timestamptz("execution_date").notNull().defaultNow(),
  },
  (t) => [index("plugin_reports_submission_idx").on(t.submissionId, t.id)],
);

// The durable work queue. A worker claims a job by moving it to `running` with a lease; a job whose
// lease ran out (its process died) is claimable again.
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    submissionId: text("submission_id").notNull(),
    tenant: text("tenant").notNull(),
    packageId: text("package_id").notNull(),
    state: text("state", { enum: ["queued", "running", "done"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    runAfter: timestamptz("run_after").notNull().defaultNow(),
    leaseUntil: timestamptz("lease_until"),
    claimedBy: text("claimed_by"),
    lastError: text("last_error"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("jobs_state_idx").on(t.state, t.runAfter),
    index("jobs_package_idx").on(t.tenant, t.packageId, t.id),
  ],
);

// Upload URLs handed out by GET /url; `key` is what `type: "S3"` content names.
export const uploads = pgTable(
  "uploads",
  {
    key: text("key").primaryKey(),
    tenant: text("tenant").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    expiresAt: timestamptz("expires_at").notNull(),
    state: text("state", { enum: ["pending", "receiving", "complete"] }).notNull(),
    receivingSince: timestamptz("receiving_since"),
    sha256: text("sha256"),
    size: bigint("size", { mode: "number" }),
    completedAt: timestamptz("completed_at"),
    // Multipart uploads (blobs/multipart-state.ts) only: the id their calls name, the size
    // announced at creation, the part layout, and why the last completion failed.
    uploadId: text("upload_id"),
    declaredSize: bigint("declared_size", { mode: "number" }),
    partSize: integer("part_size"),
    partCount: integer("part_count"),
    completionError: text("completion_error"),
  },
  (t) => [
    index("uploads_tenant_idx").on(t.tenant),
    uniqueIndex("uploads_upload_id_idx").on(t.uploadId),
  ],
);

// The parts of multipart uploads: "receiving" while one PUT writes it, "stored" once its bytes are
// synced at their place in the upload's staging file and matched the SHA-256 they came with.
export const uploadParts = pgTable(
  "upload_parts",
  {
    uploadId: text("upload_id").notNull(),
    partNumber: integer("part_number").notNull(),
    state: text("state", { enum: ["receiving", "stored"] }).notNull(),
    size: bigint("size", { mode: "number" }),
    sha256: text("sha256"),
    receivingSince: timestamptz("receiving_since"),
    storedAt: timestamptz("stored_at"),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.partNumber] })],
);

// The audit trail of a package (ETSI RetrieveTrace): it outlives the package itself.
export const traceEvents = pgTable(
  "trace_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenant: text("tenant").notNull(),
    packageId: text("package_id").notNull(),
    time: timestamptz("time").notNull().defaultNow(),
    subject: text("subject").notNull(),
    operation: text("operation").notNull(),
    object: text("object"),
    detail: text("detail"),
  },
  (t) => [index("trace_events_package_idx").on(t.tenant, t.packageId, t.id)],
);

// The preservation API's sealed versions (evidence per version) live with the preservation code.
export { sealedVersions } from "../preservation/tables";

// The last fixity audit of each object lives with the audit code.
export { fixityChecks } from "../fixity/tables";
