// The fixity report (RetrieveFixityReport, read by the page on the server): counts, throughput and
// the files that failed, each linked to its object. An archive without the report is said to lack
// it. Server-rendered: it has nothing to click but links, so it adds no script to the page.
import Link from "next/link";
import { ResultNotice } from "@/components/results/result-notice";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { ApiError } from "@/lib/api/errors";
import type { FixityAnswer } from "@/lib/fixity/report";
import type { FixityReport } from "@scriptorium/contract/preservation/extensions";

const WHEN = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
const when = (time: string) => `${WHEN.format(new Date(time))} UTC`;

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="flex flex-col">
      <dt className="text-ink-muted text-xs">{label}</dt>
      <dd className="text-ink text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

// The report, or why there is none: the archive's refusal, or an archive without the operation.
export function FixityReportView({
  answer,
}: {
  answer: { ok: true; answer: FixityAnswer } | { ok: false; error: ApiError };
}) {
  if (!answer.ok) return <ResultNotice error={answer.error} />;
  if (!answer.answer.available)
    return (
      <ResultNotice title="No fixity report from this archive" tone="pending">
        <p className="text-ink text-sm">{answer.answer.reason}</p>
      </ResultNotice>
    );
  return <FixityReportBody report={answer.answer.report} />;
}

// The report's figures and failures as the archive answered them.
export function FixityReportBody({ report }: { report: FixityReport }) {
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Objects</CardTitle>
          <CardDescription>
            {report.intervalHours
              ? `Every object is checked again every ${report.intervalHours} hours`
              : "Scheduled checks are off"}
            {report.budgetMiBps ? `, reading at most ${report.budgetMiBps} MiB/s.` : "."}
            {report.lastCheckAt ? ` Last check: ${when(report.lastCheckAt)}.` : ""}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5" aria-label="Fixity figures">
            <Figure label="Checked" value={report.checked} />
            <Figure label="Passed" value={report.passed} />
            <Figure label="Failed" value={report.failed} />
            <Figure label="Not yet checked" value={report.notChecked} />
            <Figure
              label="Throughput"
              value={report.throughputMiBps !== undefined ? `${report.throughputMiBps} MiB/s` : "–"}
            />
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Failures</CardTitle>
          <CardDescription>
            Files whose stored bytes are missing or no longer match the digest recorded at ingest.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {report.failures.length === 0 ? (
            <p className="text-ink text-sm">No file failed its last check.</p>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Fixity failures">
              {report.failures.map((f) => (
                <li key={`${f.poId}/${f.versionId}/${f.file}`} className="text-sm">
                  <Link
                    className="text-accent font-mono underline"
                    href={`/objects/${encodeURIComponent(f.poId)}`}
                  >
                    {f.poId}
                  </Link>
                  {f.versionId ? ` version ${f.versionId}` : ""}, file{" "}
                  <span className="font-mono">{f.file}</span>: {f.detail}{" "}
                  <span className="text-ink-muted">(checked {when(f.checkedAt)})</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
