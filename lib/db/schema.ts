// The dashboard's own database: one Drizzle schema for PGlite and PostgreSQL alike.
// After changing it, run `npm run db:generate` and commit the new migration in lib/db/migrations.
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true });

// One row per sign-in. The browser holds only an encrypted cookie naming `id`; every request
// reads this row, so ending it here ends the session everywhere.
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    // The identity provider's `sub`, never a locally made-up id.
    userId: text("user_id").notNull(),
    userName: text("user_name").notNull(),
    email: text("email"),
    roles: jsonb("roles").$type<string[]>().notNull(),
    tenants: jsonb("tenants").$type<string[]>().notNull(),
    tenant: text("tenant").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
    endedAt: at("ended_at"),
    // signed-out | ended-by-admin | idle | expired | refresh-failed
    endReason: text("end_reason"),
    endedBy: text("ended_by"),
    // The provider's ID token, sent back only as `id_token_hint` when the user signs out, so the
    // provider ends its session without asking; cleared when the session ends.
    idToken: text("id_token"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_ended_at_idx").on(t.endedAt)],
);

// Upstream tokens stay on the server. `key` is a session id (user mode) or "service".
export const upstreamTokens = pgTable("upstream_tokens", {
  key: text("key").primaryKey(),
  accessToken: text("access_token").notNull(),
  refreshToken: text("refresh_token"),
  expiresAt: at("expires_at").notNull(),
  renewedAt: at("renewed_at"),
});

// Who did what: append-only (a trigger in the migrations refuses UPDATE and DELETE).
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: at("at").notNull().defaultNow(),
    actorId: text("actor_id").notNull(),
    actorName: text("actor_name").notNull(),
    tenant: text("tenant"),
    action: text("action").notNull(),
    target: text("target"),
    outcome: text("outcome").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_actor_idx").on(t.actorId),
    index("audit_log_action_idx").on(t.action),
  ],
);

// The ingest journal: what was submitted through the dashboard, by whom, and how it ended.
export const submissions = pgTable(
  "submissions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    tenant: text("tenant").notNull(),
    packageId: text("package_id").notNull(),
    submissionName: text("submission_name").notNull(),
    profile: text("profile"),
    userId: text("user_id").notNull(),
    userName: text("user_name").notNull(),
    submittedAt: at("submitted_at").notNull().defaultNow(),
    lastStatus: text("last_status"),
    lastStatusAt: at("last_status_at"),
    pluginOutcome: jsonb("plugin_outcome").$type<unknown>(),
    reviewedAt: at("reviewed_at"),
    reviewedBy: text("reviewed_by"),
    reviewNote: text("review_note"),
  },
  (t) => [
    uniqueIndex("submissions_tenant_package_submission_idx").on(
      t.tenant,
      t.packageId,
      t.submissionName,
    ),
    index("submissions_submitted_at_idx").on(t.submittedAt),
  ],
);

export const deletionStatuses = ["pending", "approved", "rejected", "done", "failed"] as const;
export type DeletionStatus = (typeof deletionStatuses)[number];

// Deletions wait here for a second admin when approval is required; every step is audited too.
export const deletionRequests = pgTable(
  "deletion_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenant: text("tenant").notNull(),
    poId: text("po_id").notNull(),
    mode: text("mode").notNull(),
    reason: text("reason").notNull(),
    crn: text("crn"),
    requestedById: text("requested_by_id").notNull(),
    requestedByName: text("requested_by_name").notNull(),
    requestedAt: at("requested_at").notNull().defaultNow(),
    status: text("status").$type<DeletionStatus>().notNull().default("pending"),
    decidedById: text("decided_by_id"),
    decidedByName: text("decided_by_name"),
    decidedAt: at("decided_at"),
    comment: text("comment"),
    outcome: jsonb("outcome").$type<unknown>(),
  },
  (t) => [
    index("deletion_requests_status_idx").on(t.status),
    check(
      "deletion_requests_status_check",
      sql`${t.status} in ('pending', 'approved', 'rejected', 'done', 'failed')`,
    ),
  ],
);

// UI settings an admin changes at run time (not secrets: those stay in the environment).
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

// The last snapshot the status hub published per watched SIP, for dashboard instances sharing one
// PostgreSQL: NOTIFY carries at most 8000 bytes, so followers read the snapshot here. No tokens.
export const statusSnapshots = pgTable(
  "status_snapshots",
  {
    tenant: text("tenant").notNull(),
    packageId: text("package_id").notNull(),
    submissionName: text("submission_name").notNull(),
    snapshot: jsonb("snapshot").$type<unknown>().notNull(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenant, t.packageId, t.submissionName] })],
);

// Batches sent from a folder and a spreadsheet.
export * from "./batch-schema";
// The holdings catalogue and its sync cursor.
export * from "./catalogue-schema";
