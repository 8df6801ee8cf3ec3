// ValidateEvidence answers a report (valRep, itself a PO). The embedded archive's report is XML
// with a result, a proof-of-existence time and named checks; this reads it into plain words.
// A report in another shape is still offered for download, just not explained. The XML parser
// loads with the first report (the object's page does not need it before).
import { XMLParser } from "fast-xml-parser";

export { base64ToText, checkTitle } from "./report-text";

export interface ReportCheck {
  name: string;
  passed: boolean;
  detail: string;
}

export interface ValidationSummary {
  valid: boolean | null;
  poe?: string;
  checks: ReportCheck[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  textNodeName: "text",
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === "Check",
});

type Node = Record<string, unknown>;
const asNode = (value: unknown): Node | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Node)
    : undefined;
const asText = (value: unknown): string | undefined =>
  typeof value === "string"
    ? value
    : asNode(value)?.text !== undefined
      ? String(asNode(value)!.text)
      : undefined;

// The report's verdict and checks, or null when the text is no report this module knows.
export function readValidationReport(xml: string): ValidationSummary | null {
  let parsed: unknown;
  try {
    parsed = parser.parse(xml);
  } catch {
    return null;
  }
  const report = asNode(asNode(parsed)?.ValidationReport);
  if (!report) return null;
  const result = asText(report.Result)?.trim().toLowerCase();
  const checks = (asNode(report.Checks)?.Check as unknown[] | undefined) ?? [];
  return {
    valid: result === "valid" ? true : result === "invalid" ? false : null,
    ...(asText(report.ProofOfExistence) ? { poe: asText(report.ProofOfExistence)!.trim() } : {}),
    checks: checks.flatMap((raw) => {
      const node = asNode(raw);
      if (!node || typeof node.Name !== "string") return [];
      return [
        { name: node.Name, passed: node.Result === "passed", detail: asText(node)?.trim() ?? "" },
      ];
    }),
  };
}
