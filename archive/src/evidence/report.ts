// The validation report the preservation API returns as `valRep` from ValidateEvidence: a small XML
// document in its own namespace with the overall result, the proof-of-existence time and every check.
import type { ValidationResult } from "./validate";

export const VALIDATION_REPORT_NAMESPACE = "urn:scriptorium:evidence-validation-report:1.0";

export interface ValidationReportContext {
  poId?: string;
  versionId?: string;
  dataObjectId?: string;
  // Defaults to the format the validator detected.
  evidenceFormat?: string;
  // When the validation ran; defaults to now.
  validationTime?: Date;
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

// Renders a validation result as an XML report (UTF-8, namespace urn:scriptorium:evidence-validation-report:1.0).
export function renderValidationReport(
  result: ValidationResult,
  context: ValidationReportContext = {},
): string {
  const element = (indent: string, name: string, value: string | undefined) =>
    value === undefined ? [] : [`${indent}<${name}>${escapeXml(value)}</${name}>`];
  const format = context.evidenceFormat ?? result.format;
  const subject = [
    ...element("    ", "POID", context.poId),
    ...element("    ", "VersionID", context.versionId),
    ...element("    ", "DataObjectID", context.dataObjectId),
    ...element("    ", "EvidenceFormat", format),
  ];
  const checks = result.checks.map(
    (check) =>
      `    <Check Name="${escapeXml(check.name)}" Result="${check.ok ? "passed" : "failed"}">${escapeXml(check.detail)}</Check>`,
  );
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<ValidationReport xmlns="${VALIDATION_REPORT_NAMESPACE}" Version="1.0">`,
    ...element("  ", "ValidationTime", (context.validationTime ?? new Date()).toISOString()),
    ...(subject.length > 0 ? ["  <Subject>", ...subject, "  </Subject>"] : []),
    ...element("  ", "Result", result.valid ? "valid" : "invalid"),
    ...element("  ", "ProofOfExistence", result.poe),
    "  <Checks>",
    ...checks,
    "  </Checks>",
    `</ValidationReport>`,
    ``,
  ].join("\n");
}
