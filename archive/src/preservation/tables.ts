// The preservation API's own table, part of the archive's one Drizzle schema (re-exported by
// archive/src/db/schema.ts). Everything else it reads and writes is the ingest API's.
import { integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { PoEntry } from "./manifest";

// One evidence record of a PO, in both syntaxes (RFC 6283 XML, RFC 4998 DER as base64).
export interface StoredEvidenceRecord {
  id: string;
  xml: string;
  der: string;
}

// A sealed version: its POs by digest and the evidence records over them. A version is sealed
// once, when PreservePO or UpdatePOC stores it, or by the sealer shortly after the ingest API
// added it; renewal replaces its records by longer ones. DeletePO with OnlySubDOs keeps the row
// (the evidence) and sets dataDeletedAt.
export const sealedVersions = pgTable(
  "sealed_versions",
  {
    tenant: text("tenant").notNull(),
    packageId: text("package_id").notNull(),
    version: integer("version").notNull(),
    objects: jsonb("objects").$type<PoEntry[]>().notNull(),
    // The time-stamp's time: the proof of existence of every PO of the version.
    evidenceTime: timestamp("evidence_time", { withTimezone: true, mode: "date" }).notNull(),
    // Hex SHA-256 root of the hash tree the time-stamp covers.
    root: text("root").notNull(),
    records: jsonb("records").$type<StoredEvidenceRecord[]>().notNull(),
    sealedAt: timestamp("sealed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    // Renewal (RFC 4998 5.2): the newest time-stamp's time (null: evidenceTime, never renewed), the
    // hash algorithm of the records' last chain, and how often they were renewed.
    lastStampAt: timestamp("last_stamp_at", { withTimezone: true, mode: "date" }),
    digestAlgorithm: text("digest_algorithm").notNull().default("sha256"),
    renewals: integer("renewals").notNull().default(0),
    dataDeletedAt: timestamp("data_deleted_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [primaryKey({ columns: [t.tenant, t.packageId, t.version] })],
);

export type SealedVersionRow = typeof sealedVersions.$inferSelect;
