// The last fixity audit of each object: when, how it went, and what failed. One row per object,
// replaced by each audit; every audit is also a "fixity check" event in the object's trace.
import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

// A file whose stored bytes are missing or no longer hash to the digest recorded at ingest.
export interface FixityFailureRow {
  version: number;
  file: string;
  detail: string;
}

export const fixityChecks = pgTable(
  "fixity_checks",
  {
    tenant: text("tenant").notNull(),
    packageId: text("package_id").notNull(),
    checkedAt: timestamp("checked_at", { withTimezone: true, mode: "date" }).notNull(),
    passed: boolean("passed").notNull(),
    files: integer("files").notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    // Time spent reading and hashing, pauses for the read budget included.
    readMs: integer("read_ms").notNull(),
    failures: jsonb("failures").$type<FixityFailureRow[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenant, t.packageId] })],
);

export type FixityCheckRow = typeof fixityChecks.$inferSelect;
