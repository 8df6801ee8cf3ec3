// Operations the embedded archive offers beyond ETSI TS 119 512, in the same style (POST
// /<Operation>, a JSON body, the ETSI envelope with result and reqId): renewing an object's evidence
// and the report of the fixity audits. They are extensions: another archive may not answer them
// (it answers 404 or notSupported), and the dashboard says so where it would offer them.
import { z } from "zod";
import { nonEmptyText, oneOf, text } from "../zod-messages";
import { RENEWAL_MODES } from "./constants";
import { OptionalInputs, OptionalOutputs, Result } from "./parts";

export {
  INGEST_PROFILE_EXTENSION,
  RENEWAL_MODES,
  TRACE_OPERATIONS,
  type RenewalMode,
} from "./constants";

const requestBase = { optIn: OptionalInputs.optional(), reqId: text("reqId").optional() };
const responseBase = {
  optOut: OptionalOutputs.optional(),
  result: Result,
  reqId: z.string().optional(),
};

// RenewEvidence: renews the evidence of every version of one object (administrators only).
export const RenewEvidenceRequest = z.strictObject({
  ...requestBase,
  poId: nonEmptyText("poId"),
  mode: oneOf("mode", RENEWAL_MODES).optional(),
});
export type RenewEvidenceRequest = z.infer<typeof RenewEvidenceRequest>;

export const RenewedVersion = z.looseObject({
  versionId: z.string(),
  mode: z.string(),
  // The hash algorithm of the new time-stamp (sha256, sha512...).
  algorithm: z.string(),
  // ISO time of the new time-stamp.
  time: z.string(),
});
export type RenewedVersion = z.infer<typeof RenewedVersion>;

export const RenewEvidenceResponse = z.looseObject({
  ...responseBase,
  renewed: z.array(RenewedVersion).optional(),
});
export type RenewEvidenceResponse = z.infer<typeof RenewEvidenceResponse>;

// RetrieveFixityReport: the fixity audits of the caller's tenant (administrators only).
export const RetrieveFixityReportRequest = z.strictObject({ ...requestBase });
export type RetrieveFixityReportRequest = z.infer<typeof RetrieveFixityReportRequest>;

export const FixityFailure = z.looseObject({
  poId: z.string(),
  versionId: z.string().optional(),
  // The file (PO id) whose stored bytes no longer match, or that is missing.
  file: z.string(),
  detail: z.string(),
  checkedAt: z.string(),
});
export type FixityFailure = z.infer<typeof FixityFailure>;

export const FixityReport = z.looseObject({
  // Live objects in the tenant, and how their last check went.
  objects: z.number(),
  checked: z.number(),
  passed: z.number(),
  failed: z.number(),
  notChecked: z.number(),
  // Bytes re-read and re-hashed, and the rate of the last audit pass (MiB/s, while reading).
  bytesChecked: z.number(),
  throughputMiBps: z.number().optional(),
  lastCheckAt: z.string().optional(),
  // How often every object is checked, and the read budget (MiB/s; absent when unlimited).
  intervalHours: z.number().optional(),
  budgetMiBps: z.number().optional(),
  failures: z.array(FixityFailure),
});
export type FixityReport = z.infer<typeof FixityReport>;

export const RetrieveFixityReportResponse = z.looseObject({
  ...responseBase,
  report: FixityReport.optional(),
});
export type RetrieveFixityReportResponse = z.infer<typeof RetrieveFixityReportResponse>;

export const EXTENSION_OPERATIONS = {
  RenewEvidence: { request: RenewEvidenceRequest, response: RenewEvidenceResponse },
  RetrieveFixityReport: {
    request: RetrieveFixityReportRequest,
    response: RetrieveFixityReportResponse,
  },
} as const;

export type ExtensionOperation = keyof typeof EXTENSION_OPERATIONS;

export function isExtensionOperation(name: string): name is ExtensionOperation {
  return Object.hasOwn(EXTENSION_OPERATIONS, name);
}

export type ExtensionRequest<Op extends ExtensionOperation> = z.infer<
  (typeof EXTENSION_OPERATIONS)[Op]["request"]
>;
export type ExtensionResponse<Op extends ExtensionOperation> = z.infer<
  (typeof EXTENSION_OPERATIONS)[Op]["response"]
>;
