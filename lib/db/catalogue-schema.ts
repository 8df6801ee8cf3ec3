// The holdings catalogue's tables (re-exported by ./schema.ts): one row per preservation object
// (= package) the dashboard knows, per tenant, and one sync cursor per tenant.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { CatalogueState } from "../catalogue/states";

const at = (name: string) => timestamp(name, { withTimezone: true });

// PostgreSQL's full-text document type; written only through lib/catalogue/store.ts.
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export { CATALOGUE_STATES, type CatalogueState } from "../catalogue/states";

// One file of an object as the catalogue keeps it (formats from the archive's identification).
export interface CatalogueFile {
  name: string;
  mimeType: string | null;
  puid: string | null;
  formatName: string | null;
  size: number | null;
}

export const catalogueObjects = pgTable(
  "catalogue_objects",
  {
    tenant: text("tenant").notNull(),
    // packageId = poId.
    poId: text("po_id").notNull(),
    title: text("title"),
    description: text("description"),
    // The ingest profile id or the preservation profile pid, and how a person reads it.
    profile: text("profile"),
    profileName: text("profile_name"),
    files: jsonb("files").$type<CatalogueFile[]>().notNull().default([]),
    // Every PUID and MIME type of the files, for the format filter.
    formats: text("formats")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    fileCount: integer("file_count").notNull().default(0),
    totalSize: bigint("total_size", { mode: "number" }).notNull().default(0),
    versionCount: integer("version_count"),
    state: text("state").$type<CatalogueState>().notNull(),
    // The latest submission the dashboard knows (ingest API packages), to ask its status again.
    lastSubmission: text("last_submission"),
    createdAt: at("created_at").notNull().defaultNow(),
    changedAt: at("changed_at").notNull().defaultNow(),
    submittedById: text("submitted_by_id"),
    submittedByName: text("submitted_by_name"),
    deletedAt: at("deleted_at"),
    deletedBy: text("deleted_by"),
    deletionReason: text("deletion_reason"),
    evidenceKept: boolean("evidence_kept"),
    deletionRequestedAt: at("deletion_requested_at"),
    deletionRequestedBy: text("deletion_requested_by"),
    // While a deletion request waits: the state the object has apart from it (ingesting, ingested
    // or failed), kept up to date by later news, so a withdrawn or rejected request restores it.
    stateBeforeRequest:
      text("state_before_request").$type<Exclude<CatalogueState, "deletion-requested">>(),
    // Folded text of the title (or the id), for a sort that ignores case and accents.
    sortTitle: text("sort_title").notNull(),
    // Metadata values, file names and the id, folded: the third part of the search document.
    keywords: text("keywords").notNull().default(""),
    // Title (weight A), description (B) and keywords (C).
    search: tsvector("search").notNull(),
    // When the archive last gave the full facts (RetrievePO, or an INGESTED status with metadata).
    detailsAt: at("details_at"),
    // When the archive last confirmed the object (the sync, a read of its page).
    checkedAt: at("checked_at"),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant, t.poId] }),
    // fastupdate off: new entries go into the index at once instead of a pending list every
    // search reads through until a vacuum merges it, and PGlite has no autovacuum to do that.
    index("catalogue_objects_search_idx").using("gin", t.search).with({ fastupdate: false }),
    index("catalogue_objects_formats_idx").using("gin", t.formats).with({ fastupdate: false }),
    index("catalogue_objects_title_idx").on(t.tenant, t.sortTitle, t.poId),
    index("catalogue_objects_created_idx").on(t.tenant, t.createdAt, t.poId),
    index("catalogue_objects_size_idx").on(t.tenant, t.totalSize, t.poId),
    // The profile sort's key as lib/catalogue/query.ts orders by it (no profile sorts as "").
    index("catalogue_objects_profile_idx").on(
      t.tenant,
      sql`coalesce(${t.profileName}, '')`,
      t.sortTitle,
      t.poId,
    ),
    index("catalogue_objects_state_idx").on(t.tenant, t.state, t.sortTitle, t.poId),
    index("catalogue_objects_submitter_idx").on(t.tenant, t.submittedById),
    check(
      "catalogue_objects_state_check",
      sql`${t.state} in ('ingesting', 'ingested', 'failed', 'deletion-requested', 'deleted')`,
    ),
  ],
);

// Where the sync of one tenant got to: the id prefixes still to walk, updated in the same
// transaction as the rows each step writes, so a crash resumes where it stopped.
export const catalogueSync = pgTable("catalogue_sync", {
  tenant: text("tenant").primaryKey(),
  // running: a run has started and not finished (its process may have died: the next resumes it).
  status: text("status").$type<"idle" | "running">().notNull().default("idle"),
  runId: uuid("run_id"),
  startedAt: at("started_at"),
  updatedAt: at("updated_at").notNull().defaultNow(),
  // Prefixes still to list, the next one last (a stack: depth first).
  pending: jsonb("pending").$type<string[]>().notNull().default([]),
  prefixesDone: integer("prefixes_done").notNull().default(0),
  listed: integer("listed").notNull().default(0),
  retrieved: integer("retrieved").notNull().default(0),
  corrected: integer("corrected").notNull().default(0),
  failed: integer("failed").notNull().default(0),
  lastError: text("last_error"),
  // The last finished run: { startedAt, finishedAt, outcome, listed, retrieved, corrected, failed, message }.
  lastRun: jsonb("last_run").$type<Record<string, unknown>>(),
});
