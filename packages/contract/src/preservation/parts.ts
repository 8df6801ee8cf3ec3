// The building blocks the preservation operations share (ETSI TS 119 512 JSON binding, v1.1.2):
// the result, optional inputs and outputs, preservation objects and profiles.
import { z } from "zod";
import { isBase64 } from "../base64-check";
import { nonEmptyText, oneOf, text, typeError } from "../zod-messages";
import { RESULT_MAJOR_CODES } from "./result-codes";

// dsb-InternationalStringType. ETSI requires only `lang`; texts without one are still read.
export const InternationalString = z.looseObject({
  value: z.string().optional(),
  lang: z.string().optional(),
});
export type InternationalString = z.infer<typeof InternationalString>;

// `result.msg`: a plain string in the vendor's documents, `{ value, lang }` in ETSI's schema.
export const ResultMessage = z.union([
  z.string(),
  InternationalString,
  z.array(InternationalString),
]);
export type ResultMessage = z.infer<typeof ResultMessage>;

// dsb-ResultType: the outcome of every call.
export const Result = z.looseObject({
  maj: oneOf("maj", RESULT_MAJOR_CODES),
  min: z.string().optional(),
  msg: ResultMessage.optional(),
  pRef: z.string().optional(),
});
export type Result = z.infer<typeof Result>;

// dsb-OptionalOutputsType.
export const OptionalOutputs = z.looseObject({
  policy: z.array(z.string()).optional(),
  other: z.array(z.unknown()).optional(),
});
export type OptionalOutputs = z.infer<typeof OptionalOutputs>;

// dsb-OptionalInputsType.
export const OptionalInputs = z.strictObject({
  policy: z.array(text("policy")).optional(),
  lang: text("lang").optional(),
  other: z.array(z.unknown()).optional(),
});
export type OptionalInputs = z.infer<typeof OptionalInputs>;

const base64 = (field: string) =>
  text(field).refine(
    isBase64,
    `${field} must be valid base64 (letters, digits, + and /, = padding only at the end)`,
  );

const atMostOneContent = [
  (value: { binaryData?: unknown; xmlData?: unknown }, ctx: z.RefinementCtx) => {
    if (value.binaryData !== undefined && value.xmlData !== undefined) {
      ctx.addIssue({
        code: "custom",
        message: "an object carries at most one of binaryData and xmlData, not both",
      });
    }
  },
  { when: (p: z.core.ParsePayload) => typeof p.value === "object" && p.value !== null },
] as const;

const poRequestShape = {
  binaryData: z
    .strictObject(
      { value: base64("value") },
      { error: typeError("binaryData", "an object { value }") },
    )
    .optional(),
  xmlData: z
    .strictObject(
      { b64Content: base64("b64Content") },
      { error: typeError("xmlData", "an object { b64Content }") },
    )
    .optional(),
  formatId: nonEmptyText("formatId").optional(),
  mimeType: nonEmptyText("mimeType").optional(),
  pronomId: nonEmptyText("pronomId").optional(),
  id: nonEmptyText("id").optional(),
  relObj: z
    .array(nonEmptyText("relObj"), { error: typeError("relObj", "a list of object IDs") })
    .optional(),
};

// pres-POType as sent: content is checked base64, and ETSI wants at least one field (minProperties 1).
export const PO = z
  .strictObject(poRequestShape)
  .superRefine(...atMostOneContent)
  .refine((po) => Object.keys(po).length > 0, "a preservation object needs at least one field");
export type PO = z.infer<typeof PO>;

const poResponseShape = {
  binaryData: z.looseObject({ value: z.string().optional() }).optional(),
  xmlData: z.looseObject({ b64Content: z.string().optional() }).optional(),
  formatId: z.string().optional(),
  mimeType: z.string().optional(),
  pronomId: z.string().optional(),
  id: z.string().optional(),
  relObj: z.array(z.string()).optional(),
};

// pres-POType as received: unknown fields pass and content is not decoded here.
export const StoredPO = z.looseObject(poResponseShape).superRefine(...atMostOneContent);
export type StoredPO = z.infer<typeof StoredPO>;

// pres-EvidenceType as sent: a PO that may name the object and version it protects.
export const Evidence = z
  .strictObject({
    ...poRequestShape,
    poId: nonEmptyText("poId").optional(),
    verId: nonEmptyText("verId").optional(),
  })
  .superRefine(...atMostOneContent);
export type Evidence = z.infer<typeof Evidence>;

// ISO 8601 UTC, `YYYY-MM-DDThh:mm:ssZ`; fractional seconds are accepted, offsets other than Z are not.
export function utcTimestamp(field: string) {
  return z.iso.datetime({
    error: typeError(field, "an ISO 8601 UTC timestamp, like 2025-01-31T12:00:00Z"),
  });
}

// pres-ProfileValidityPeriodType: from when, and optionally until when, a profile may be used.
export const ProfileValidityPeriod = z.looseObject({
  vfrom: utcTimestamp("vfrom"),
  vuntl: utcTimestamp("vuntl").optional(),
});
export type ProfileValidityPeriod = z.infer<typeof ProfileValidityPeriod>;

// md-FormatType: an evidence (or PO) format a profile supports. `def` arrives as "true"/"false" from some
// servers, because ETSI's own schema writes its default as the string "false".
export const EvidenceFormat = z.looseObject({
  fid: z.string(),
  spec: z.string().optional(),
  desc: z.array(InternationalString).optional(),
  trfo: z.looseObject({}).optional(),
  format: z.array(z.looseObject({})).optional(),
  ext: z.array(z.looseObject({})).optional(),
  def: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).optional(),
});
export type EvidenceFormat = z.infer<typeof EvidenceFormat>;

// The storage models ETSI names (XSD PreservationStorageModelType); `psm` is read as any string.
export const PRESERVATION_STORAGE_MODELS = [
  "WithStorage",
  "WithTemporaryStorage",
  "WithoutStorage",
] as const;

// pres-ProfileType, leniently: only `pid` (needed to choose the profile) and a well-formed `pvp` are required.
export const Profile = z.looseObject({
  pid: z.string(),
  spec: z.array(z.string()).optional(),
  description: z.array(InternationalString).optional(),
  op: z.array(z.looseObject({})).optional(),
  pol: z.array(z.looseObject({})).optional(),
  ext: z.array(z.looseObject({})).optional(),
  sid: z.string().optional(),
  pvp: ProfileValidityPeriod.optional(),
  psm: z.string().optional(),
  pg: z.array(z.string()).optional(),
  ef: z.array(EvidenceFormat).optional(),
  eed: z.string().optional(),
  perp: z.string().optional(),
});
export type Profile = z.infer<typeof Profile>;

// pres-EventType: one entry of an audit trail.
export const TraceEvent = z.looseObject({
  time: z.string(),
  sub: z.string(),
  op: z.string(),
  obj: z.string().optional(),
  det: z.string().optional(),
});
export type TraceEvent = z.infer<typeof TraceEvent>;
