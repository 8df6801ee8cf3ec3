// Batches of packages sent from a folder and a spreadsheet: the batch, and one row per planned
// package, which doubles as the idempotency record of its ingest (a reload or a retry that sends
// the same package again gets the first answer, not a second SIP).
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true });

export const batches = pgTable(
  "batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenant: text("tenant").notNull(),
    userId: text("user_id").notNull(),
    userName: text("user_name").notNull(),
    // The folder's name, or what the person called the batch.
    name: text("name").notNull(),
    profile: text("profile").notNull(),
    total: integer("total").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    cancelledAt: at("cancelled_at"),
  },
  (t) => [index("batches_tenant_created_idx").on(t.tenant, t.createdAt)],
);

export const batchItemStates = ["queued", "sending", "sent", "failed", "cancelled"] as const;
export type BatchItemState = (typeof batchItemStates)[number];

export const batchItems = pgTable(
  "batch_items",
  {
    batchId: uuid("batch_id")
      .notNull()
      .references(() => batches.id, { onDelete: "cascade" }),
    // The planner's package key: the file's or folder's path in the batch.
    itemKey: text("item_key").notNull(),
    title: text("title"),
    // Known once the archive accepted the package (or given in the spreadsheet).
    packageId: text("package_id"),
    submissionName: text("submission_name"),
    state: text("state").$type<BatchItemState>().notNull().default("queued"),
    message: text("message"),
    // When the current sending began: a claim older than the upstream timeout is abandoned.
    claimedAt: at("claimed_at"),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.itemKey] }),
    index("batch_items_submission_idx").on(t.packageId, t.submissionName),
    check(
      "batch_items_state_check",
      sql`${t.state} in ('queued', 'sending', 'sent', 'failed', 'cancelled')`,
    ),
  ],
);
