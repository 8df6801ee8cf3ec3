"use client";
// "Validate evidence" for one data object: its evidence record (RetrievePO, sor=Evidence) and its
// content go to ValidateEvidence; the report comes back as the verdict and each check in words.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ResultNotice } from "@/components/results/result-notice";
import { Button } from "@/components/ui/button";
import type {
  Evidence,
  PO,
  StoredPO,
  ValidateEvidenceResponse,
} from "@scriptorium/contract/preservation/schemas";
import { ApiError } from "@/lib/queries/api-client";
import { callPreservation, evidenceOptions } from "@/lib/queries/preservation";
import { evidenceFor } from "./object-view";
import { checkTitle } from "./report-text";
import type { ValidationSummary } from "./validation-report";

export interface ValidateEvidenceProps {
  poId: string;
  version?: string;
  po: StoredPO;
  format: string;
  dataObjects: number;
}

const content = (po: StoredPO) =>
  po.xmlData?.b64Content !== undefined
    ? { xmlData: { b64Content: po.xmlData.b64Content } }
    : { binaryData: { value: po.binaryData?.value ?? "" } };

// The archive's answer and its report in words (null when the report is missing or not readable).
interface ValidationAnswer {
  answer: ValidateEvidenceResponse;
  summary: ValidationSummary | null;
}

// The button and, once asked, the report.
export function ValidateEvidenceButton({
  poId,
  version,
  po,
  format,
  dataObjects,
}: ValidateEvidenceProps) {
  const queryClient = useQueryClient();
  const validate = useMutation({
    mutationFn: async (): Promise<ValidationAnswer> => {
      const answer = await queryClient.fetchQuery(evidenceOptions(poId, version, format));
      const record = evidenceFor(answer.po ?? [], po.id ?? "", dataObjects);
      if (!record) {
        const message = `The archive gave no evidence record for ${po.id ?? "this object"}.`;
        throw new ApiError(200, "NO_EVIDENCE_RECORD", message);
      }
      const ev: Evidence = {
        ...content(record),
        ...(record.formatId ? { formatId: record.formatId } : {}),
        ...(record.mimeType ? { mimeType: record.mimeType } : {}),
        ...(record.id ? { id: record.id } : {}),
        ...(po.id ? { relObj: [po.id] } : {}),
        poId,
        ...(version ? { verId: version } : {}),
      };
      const dataObject: PO = {
        ...content(po),
        ...(po.id ? { id: po.id } : {}),
        ...(po.mimeType ? { mimeType: po.mimeType } : {}),
      };
      const verdict = await callPreservation("ValidateEvidence", { ev, po: [dataObject] });
      const report = verdict.valRep?.xmlData?.b64Content ?? verdict.valRep?.binaryData?.value;
      if (!report) return { answer: verdict, summary: null };
      const { base64ToText, readValidationReport } = await import("./validation-report");
      return { answer: verdict, summary: readValidationReport(base64ToText(report)) };
    },
  });
  return (
    <div className="flex flex-col gap-3">
      <div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => validate.mutate()}
          disabled={validate.isPending}
        >
          {validate.isPending ? "Validating…" : `Validate evidence of ${po.id ?? "this object"}`}
        </Button>
      </div>
      {validate.isError ? (
        <ResultNotice error={validate.error} />
      ) : validate.isSuccess ? (
        <ValidationReport {...validate.data} />
      ) : null}
    </div>
  );
}

const WHEN = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "UTC",
});

function ValidationReport({ answer, summary }: ValidationAnswer) {
  const valid = summary?.valid;
  // The call succeeds whenever the record could be examined; the verdict is in the report.
  const verdict =
    valid === true
      ? { title: "The evidence is valid", tone: "ok" as const }
      : valid === false
        ? { title: "The evidence is not valid", tone: "error" as const }
        : {};
  return (
    <ResultNotice result={answer.result} {...verdict}>
      {answer.poe ? (
        <p className="text-ink text-sm">
          It proves the object existed unchanged on{" "}
          <time dateTime={answer.poe}>{WHEN.format(new Date(answer.poe))} UTC</time>.
        </p>
      ) : null}
      {summary?.checks.length ? (
        <ul className="flex flex-col gap-1 text-sm">
          {summary.checks.map((check) => (
            <li key={check.name} className="text-ink">
              <span className="font-medium">
                {check.passed ? "Passed" : "Failed"}: {checkTitle(check.name)}.
              </span>{" "}
              <span className="text-ink-muted">{check.detail}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </ResultNotice>
  );
}
