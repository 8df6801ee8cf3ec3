// ValidateEvidence: checks one evidence record (RFC 6283 XML or RFC 4998 DER), against a supplied PO
// when one is given, and trusts only the archive's own time-stamping key. The answer is Success
// whenever the record could be examined; whether it is valid is in the report (valRep), and poe,
// the time of proof of existence, is given for a valid record only.
import type { ValidateEvidenceRequest } from "@scriptorium/contract/preservation/schemas";
import {
  EVIDENCE_FORMAT,
  renderValidationReport,
  validateEvidenceRecord,
  VALIDATION_REPORT_NAMESPACE,
} from "../../evidence";
import type { Operation } from "../context";
import { requesterError } from "../errors";
import { successResult } from "../result";

type SuppliedPo = NonNullable<ValidateEvidenceRequest["po"]>[number];

// POST /preservation/ValidateEvidence – validate an evidence record
export const validateEvidence: Operation<ValidateEvidenceRequest> = async (request, ctx) => {
  const ev = request.ev;
  if (!ev)
    throw requesterError("parameterError", "ev is required: the evidence record to validate.");
  const formats = Object.values(EVIDENCE_FORMAT) as string[];
  if (ev.formatId !== undefined && !formats.includes(ev.formatId)) {
    throw requesterError(
      "unknownEvidenceFormat",
      `The archive validates ${formats.join(" and ")} evidence records, not "${ev.formatId}".`,
    );
  }
  const content = ev.xmlData?.b64Content ?? ev.binaryData?.value;
  if (content === undefined)
    throw requesterError(
      "parameterError",
      "ev carries no record: give xmlData.b64Content or binaryData.value.",
    );
  const record = Buffer.from(content, "base64");
  const po = pickPo(request.po ?? [], ev.relObj);
  const dataContent = po?.binaryData?.value ?? po?.xmlData?.b64Content;
  if (po && dataContent === undefined)
    throw requesterError(
      "parameterError",
      `The PO "${po.id ?? "po[0]"}" carries no content to check the record against.`,
    );
  const result = await validateEvidenceRecord({
    record,
    ...(dataContent !== undefined ? { dataObject: Buffer.from(dataContent, "base64") } : {}),
    // An XML data object is hashed in its canonical form too, as RFC 6283 verifiers do.
    xml: po?.xmlData !== undefined,
    trustedKeys: ctx.services.tsa.trustedKeys,
  });
  const report = renderValidationReport(result, {
    ...(ev.poId ? { poId: ev.poId } : {}),
    ...(ev.verId ? { versionId: ev.verId } : {}),
    ...(po?.id ? { dataObjectId: po.id } : {}),
    validationTime: ctx.now,
  });
  const failed = result.checks.find((c) => !c.ok);
  return {
    body: {
      valRep: {
        xmlData: { b64Content: Buffer.from(report, "utf8").toString("base64") },
        formatId: VALIDATION_REPORT_NAMESPACE,
        mimeType: "application/xml",
        id: "validation-report",
        ...(ev.id ? { relObj: [ev.id] } : {}),
      },
      ...(result.valid && result.poe ? { poe: result.poe } : {}),
    },
    result: {
      ...successResult(),
      msg: {
        value: result.valid
          ? `The evidence record is valid${po ? " for the supplied PO" : ""}.`
          : `The evidence record is invalid: ${failed?.detail ?? "a check failed."}`,
        lang: "en",
      },
    },
  };
};

// The PO the record is about: the one ev.relObj names, else the only one supplied.
function pickPo(pos: SuppliedPo[], relObj: string[] | undefined): SuppliedPo | undefined {
  if (pos.length === 0) return undefined;
  const named = relObj?.length
    ? pos.filter((p) => p.id !== undefined && relObj.includes(p.id))
    : [];
  if (named.length === 1) return named[0];
  if (pos.length === 1) return pos[0];
  throw requesterError(
    "parameterError",
    "Several POs were supplied: name the one the evidence record covers in ev.relObj (an evidence record covers one data object).",
  );
}
