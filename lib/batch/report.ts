// The batch report: one line per file with the package it went into, that package's final
// status and a message. The batch page and the terminal command write the same columns.
import { writeCsv } from "./csv";

export const REPORT_HEADERS = ["file", "package id", "status", "message"] as const;

export interface ReportPackage {
  files: readonly string[];
  packageId: string | null;
  // The SIP's final status (INGESTED, FAILED), or where the package stopped (not sent, cancelled).
  status: string;
  message: string;
}

export function reportRows(packages: readonly ReportPackage[]): string[][] {
  return packages.flatMap((p) =>
    p.files.map((file) => [file, p.packageId ?? "", p.status, p.message]),
  );
}

// The report as a CSV file's text.
export function reportCsv(packages: readonly ReportPackage[]): string {
  return writeCsv(REPORT_HEADERS, reportRows(packages));
}

// "12 INGESTED, 1 FAILED"
export function statusCounts(packages: readonly { status: string }[]): string {
  const counts = new Map<string, number>();
  for (const p of packages) counts.set(p.status, (counts.get(p.status) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([status, n]) => `${n} ${status}`)
    .join(", ");
}
