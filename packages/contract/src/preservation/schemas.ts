// The preservation API contract (packages/contract/spec/preservation-api.md, ETSI TS 119 512 JSON
// binding v1.1.2) as zod schemas. Requests are strict on the spec's rules; responses are lenient
// (unknown fields pass) and are parsed whatever the HTTP status, since some servers answer errors
// with 400 and the same body.
import { z } from "zod";
import { listOf, nonEmptyText, oneOf, text } from "../zod-messages";
import {
  Evidence,
  OptionalInputs,
  OptionalOutputs,
  PO,
  Profile,
  Result,
  StoredPO,
  TraceEvent,
} from "./parts";
import { DELETION_MODES, PROFILE_STATUSES, SUBJECTS_OF_RETRIEVAL } from "./constants";

export * from "./parts";
export { DELETION_MODES, PROFILE_STATUSES, SUBJECTS_OF_RETRIEVAL } from "./constants";

// pres-RequestType: what every request may carry.
const requestBase = {
  optIn: OptionalInputs.optional(),
  reqId: text("reqId").optional(),
};

// pres-ResponseType: what every response carries.
const responseBase = {
  optOut: OptionalOutputs.optional(),
  result: Result,
  reqId: z.string().optional(),
};

// pres-RetrieveInfoType
export const RetrieveInfoRequest = z.strictObject({
  ...requestBase,
  pro: nonEmptyText("pro").optional(),
  stat: oneOf("stat", PROFILE_STATUSES).optional(),
});
export type RetrieveInfoRequest = z.infer<typeof RetrieveInfoRequest>;

// pres-RetrieveInfoResponseType
export const RetrieveInfoResponse = z.looseObject({
  ...responseBase,
  pro: z.array(Profile).optional(),
});
export type RetrieveInfoResponse = z.infer<typeof RetrieveInfoResponse>;

// pres-PreservePOType. ETSI allows zero objects; whether that is useful is the archive's decision.
export const PreservePORequest = z.strictObject({
  ...requestBase,
  pro: nonEmptyText("pro"),
  po: listOf("po", PO, "a list of preservation objects").optional(),
});
export type PreservePORequest = z.infer<typeof PreservePORequest>;

// pres-PreservePOResponseType
export const PreservePOResponse = z.looseObject({
  ...responseBase,
  poId: z.string().optional(),
  po: z.array(StoredPO).optional(),
});
export type PreservePOResponse = z.infer<typeof PreservePOResponse>;

// pres-RetrievePOType
export const RetrievePORequest = z.strictObject({
  ...requestBase,
  poId: nonEmptyText("poId"),
  versionId: listOf("versionId", nonEmptyText("versionId"), "a list of version IDs").optional(),
  sor: oneOf("sor", SUBJECTS_OF_RETRIEVAL).optional(),
  poFormat: nonEmptyText("poFormat").optional(),
  evFormat: nonEmptyText("evFormat").optional(),
});
export type RetrievePORequest = z.infer<typeof RetrievePORequest>;

// pres-RetrievePOResponseType. Evidence comes back as ordinary entries whose formatId names its format.
export const RetrievePOResponse = z.looseObject({
  ...responseBase,
  po: z.array(StoredPO).optional(),
});
export type RetrievePOResponse = z.infer<typeof RetrievePOResponse>;

// pres-DeletePOType
export const DeletePORequest = z.strictObject({
  ...requestBase,
  poId: nonEmptyText("poId"),
  mod: oneOf("mod", DELETION_MODES).optional(),
  crn: text("crn").optional(),
  reason: text("reason").optional(),
});
export type DeletePORequest = z.infer<typeof DeletePORequest>;

// pres-ResponseType: DeletePO answers with the common fields only.
export const DeletePOResponse = z.looseObject(responseBase);
export type DeletePOResponse = z.infer<typeof DeletePOResponse>;

// pres-RetrieveTraceType ("not available yet" upstream)
export const RetrieveTraceRequest = z.strictObject({ ...requestBase, poId: nonEmptyText("poId") });
export type RetrieveTraceRequest = z.infer<typeof RetrieveTraceRequest>;

// pres-RetrieveTraceResponseType. ETSI requires `trace`; an error answer without one is still read.
export const RetrieveTraceResponse = z.looseObject({
  ...responseBase,
  trace: z.looseObject({ event: z.array(TraceEvent).optional() }).optional(),
});
export type RetrieveTraceResponse = z.infer<typeof RetrieveTraceResponse>;

// pres-SearchType ("not available yet" upstream): `fi` is the filter expression.
export const SearchRequest = z.strictObject({ ...requestBase, fi: nonEmptyText("fi") });
export type SearchRequest = z.infer<typeof SearchRequest>;

// pres-SearchResponseType
export const SearchResponse = z.looseObject({
  ...responseBase,
  poId: z.array(z.string()).optional(),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

// pres-ValidateEvidenceType ("not available yet" upstream)
export const ValidateEvidenceRequest = z.strictObject({
  ...requestBase,
  ev: Evidence.optional(),
  po: listOf("po", PO, "a list of preservation objects").optional(),
});
export type ValidateEvidenceRequest = z.infer<typeof ValidateEvidenceRequest>;

// pres-ValidateEvidenceResponseType: the report is itself a PO; `poe` is the proof-of-existence time.
export const ValidateEvidenceResponse = z.looseObject({
  ...responseBase,
  valRep: StoredPO.optional(),
  poe: z.string().optional(),
});
export type ValidateEvidenceResponse = z.infer<typeof ValidateEvidenceResponse>;

// pres-UpdatePOCType ("not available yet" upstream)
export const UpdatePOCRequest = z.strictObject({
  ...requestBase,
  poId: nonEmptyText("poId"),
  deltaPoc: listOf("deltaPoc", PO, "a list of preservation objects"),
});
export type UpdatePOCRequest = z.infer<typeof UpdatePOCRequest>;

// pres-UpdatePOCResponseType
export const UpdatePOCResponse = z.looseObject({
  ...responseBase,
  versionId: z.string().optional(),
});
export type UpdatePOCResponse = z.infer<typeof UpdatePOCResponse>;

// Every operation (POST /<name>) with its request and response schema. `notAvailableYet` marks the
// four the vendor documents only by purpose: the dashboard offers them only where the upstream answers.
export const PRESERVATION_OPERATIONS = {
  RetrieveInfo: {
    request: RetrieveInfoRequest,
    response: RetrieveInfoResponse,
    notAvailableYet: false,
  },
  PreservePO: { request: PreservePORequest, response: PreservePOResponse, notAvailableYet: false },
  RetrievePO: { request: RetrievePORequest, response: RetrievePOResponse, notAvailableYet: false },
  DeletePO: { request: DeletePORequest, response: DeletePOResponse, notAvailableYet: false },
  RetrieveTrace: {
    request: RetrieveTraceRequest,
    response: RetrieveTraceResponse,
    notAvailableYet: true,
  },
  Search: { request: SearchRequest, response: SearchResponse, notAvailableYet: true },
  ValidateEvidence: {
    request: ValidateEvidenceRequest,
    response: ValidateEvidenceResponse,
    notAvailableYet: true,
  },
  UpdatePOC: { request: UpdatePOCRequest, response: UpdatePOCResponse, notAvailableYet: true },
} as const;

export type PreservationOperation = keyof typeof PRESERVATION_OPERATIONS;
export const PRESERVATION_OPERATION_NAMES = Object.keys(
  PRESERVATION_OPERATIONS,
) as PreservationOperation[];

// Whether a string (e.g. a route segment) names one of the eight operations.
export function isPreservationOperation(name: string): name is PreservationOperation {
  return Object.hasOwn(PRESERVATION_OPERATIONS, name);
}

export type PreservationRequest<Op extends PreservationOperation> = z.infer<
  (typeof PRESERVATION_OPERATIONS)[Op]["request"]
>;
export type PreservationResponse<Op extends PreservationOperation> = z.infer<
  (typeof PRESERVATION_OPERATIONS)[Op]["response"]
>;
