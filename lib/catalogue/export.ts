import "server-only";
// The holdings list as a CSV download: the rows a query matches within the caller's tenants,
// streamed batch by batch (RFC 4180 quoting and the formula guard of the audit export).
import { csvLine } from "@/lib/admin/audit-filters";
import type { DashboardDb } from "@/lib/db";
import type { HoldingsQuery, HoldingsRow } from "./holdings-query";
import { holdingsBatches } from "./query";

export const EXPORT_COLUMNS = [
  "poId",
  "title",
  "description",
  "state",
  "profile",
  "profileName",
  "formats",
  "fileCount",
  "totalSize",
  "versionCount",
  "createdAt",
  "changedAt",
  "submittedBy",
  "deletedAt",
  "deletedBy",
  "deletionReason",
] as const;

function csvRecord(row: HoldingsRow): string {
  return csvLine(
    EXPORT_COLUMNS.map((column) =>
      column === "formats"
        ? row.formats.join(" ")
        : row[column as Exclude<typeof column, "formats">],
    ),
  );
}

// A stream of the CSV file: the header, then every matching row.
export function exportHoldings(
  db: DashboardDb,
  tenants: readonly string[],
  query: HoldingsQuery,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let batches: AsyncGenerator<HoldingsRow[]> | null = null;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!batches) {
        batches = holdingsBatches(db, tenants, query);
        controller.enqueue(encoder.encode(csvLine(EXPORT_COLUMNS)));
        return;
      }
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.map(csvRecord).join("")));
    },
    async cancel() {
      await batches?.return(undefined);
    },
  });
}
