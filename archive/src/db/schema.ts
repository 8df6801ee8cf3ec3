// The archive's database schema: one Drizzle schema for PGlite and PostgreSQL alike.
// After changing it, run `npm run archive:db:generate` and commit the new migration.
import { index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

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
