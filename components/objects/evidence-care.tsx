"use client";
// Keeping the object's evidence sound: the last fixity check the archive recorded in the trace,
// and, for administrators, renewing the evidence records (RFC 4998 5.2) before their time-stamp or
// hash algorithm weakens. Renewal is an extension of the embedded archive; another archive may
// refuse it, and the answer says so.
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { ResultNotice } from "@/components/results/result-notice";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { TraceEvent } from "@scriptorium/contract/preservation/schemas";
import { TRACE_OPERATIONS, type RenewalMode } from "@scriptorium/contract/preservation/constants";
import { renewEvidence } from "@/lib/queries/fixity";

const WHEN = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

function when(time: string) {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? time : `${WHEN.format(date)} UTC`;
}

// The newest fixity check in the trace, if any.
export function lastFixityCheck(events: readonly TraceEvent[]): TraceEvent | undefined {
  return events.findLast((e) => e.op === TRACE_OPERATIONS.fixityCheck);
}

export function FixityLine({ events }: { events: readonly TraceEvent[] }) {
  const last = lastFixityCheck(events);
  if (!last)
    return (
      <p className="text-ink-muted text-sm" data-testid="fixity-line">
        Last fixity check: none recorded yet. The archive re-reads and re-hashes stored files on its
        own schedule.
      </p>
    );
  const failed = last.det?.startsWith("failed") ?? false;
  return (
    <div className="flex flex-col gap-1" data-testid="fixity-line">
      <p className="text-ink text-sm">
        Last fixity check:{" "}
        <Badge tone={failed ? "danger" : "success"}>{failed ? "failed" : "passed"}</Badge> on{" "}
        <time dateTime={last.time}>{when(last.time)}</time>
      </p>
      {last.det ? <p className="text-ink-muted text-xs break-all">{last.det}</p> : null}
    </div>
  );
}

export function RenewEvidence({ poId, onRenewed }: { poId: string; onRenewed(): void }) {
  const [mode, setMode] = useState<RenewalMode>("timestamp");
  const renew = useMutation({
    mutationFn: () => renewEvidence(poId, mode),
    onSuccess: onRenewed,
  });
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        renew.mutate();
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="text-ink mb-1 text-sm font-medium">Renew the evidence</legend>
        <label className="text-ink flex items-start gap-2 text-sm">
          <input
            type="radio"
            name="renewal-mode"
            checked={mode === "timestamp"}
            onChange={() => setMode("timestamp")}
          />
          <span>
            Time-stamp renewal: a new time-stamp over the last one, before its certificate expires.
          </span>
        </label>
        <label className="text-ink flex items-start gap-2 text-sm">
          <input
            type="radio"
            name="renewal-mode"
            checked={mode === "hashtree"}
            onChange={() => setMode("hashtree")}
          />
          <span>
            Hash-tree renewal: a new SHA-512 chain over the data and the earlier evidence, before
            the hash algorithm weakens.
          </span>
        </label>
      </fieldset>
      <div>
        <Button type="submit" variant="secondary" disabled={renew.isPending}>
          {renew.isPending ? "Renewing…" : "Renew evidence"}
        </Button>
      </div>
      {renew.isSuccess ? (
        <p role="status" className="text-ink text-sm">
          Renewed the evidence of {renew.data.renewed.length} version(s):{" "}
          {renew.data.renewed
            .map((r) => `version ${r.versionId}, ${r.algorithm} time-stamp at ${when(r.time)}`)
            .join("; ")}
          .
        </p>
      ) : null}
      {renew.isError ? <ResultNotice error={renew.error} /> : null}
    </form>
  );
}
