"use client";
// The foot of the wizard: what still needs fixing, the uploads under way, what went wrong, and
// the send button. Problems link to their fields.
import Link from "next/link";
import { useSyncExternalStore } from "react";
import { UploadProgressRow } from "@/components/ingest/upload-progress-row";
import { Button } from "@/components/ui/button";
import { AlertIcon } from "@/components/ui/icons";
import type { DraftPersistence } from "@/lib/drafts/use-ingest-draft";
import type { SubmitPhase, UploadRowStore } from "./use-ingest-submit";
import type { WizardProblem } from "./wizard-problems";

export interface SubmitPanelProps {
  problems: readonly WizardProblem[] | null;
  phase: SubmitPhase;
  rows: UploadRowStore;
  notice: string | null;
  // Where the draft is kept; left out where there is no draft.
  persistence?: DraftPersistence;
  onCancel: (id: string) => void;
  onCancelAll: () => void;
  onRetry: () => void;
  // Where to come back after signing in again.
  returnPath: string;
  submitLabel?: string;
}

const PERSISTENCE: Record<DraftPersistence, string> = {
  restoring: "Looking for a draft you started earlier…",
  saved: "Your draft is kept in this browser until the package is sent.",
  "saved-without-files":
    "Your draft is kept in this browser, but without the files: after a reload, choose them again.",
  unavailable: "This browser cannot keep a draft: the form is lost if you leave the page.",
};

function phaseText(phase: SubmitPhase): string {
  switch (phase.kind) {
    case "uploading":
      return "Uploading large files straight to the archive…";
    case "reading":
      return "Reading the files that travel inside the request…";
    case "sending":
      return phase.retriedAsUpload
        ? "Sending the package again, with every file uploaded…"
        : "Sending the package to the archive…";
    case "accepted":
      return "The archive accepted the package. Opening its status…";
    default:
      return "";
  }
}

function focusTarget(id: string) {
  const element = document.getElementById(id);
  element?.scrollIntoView({ block: "center" });
  element?.focus();
}

// Problems first (they block sending), then the progress of a running submission.
export function SubmitPanel(props: SubmitPanelProps) {
  const {
    problems,
    phase,
    rows: rowStore,
    notice,
    persistence,
    onCancel,
    onCancelAll,
    onRetry,
    returnPath,
    submitLabel = "Send to the archive",
  } = props;
  const rows = useSyncExternalStore(rowStore.subscribe, rowStore.get, rowStore.get);
  const busy =
    phase.kind === "uploading" ||
    phase.kind === "reading" ||
    phase.kind === "sending" ||
    phase.kind === "accepted";
  return (
    <div className="flex flex-col gap-4">
      {problems && problems.length > 0 ? (
        <div
          role="alert"
          aria-labelledby="problems-heading"
          className="border-danger/30 bg-danger-soft flex flex-col gap-2 rounded-xl border px-4 py-3"
        >
          <h2
            id="problems-heading"
            className="text-danger flex items-center gap-2 text-sm font-semibold"
          >
            <AlertIcon className="size-4" />
            {problems.length === 1
              ? "One thing to fix before sending"
              : `${problems.length} things to fix before sending`}
          </h2>
          <ul className="flex list-disc flex-col gap-1 pl-6 text-sm">
            {problems.map((p, i) => (
              <li key={`${p.target}-${i}`}>
                <a
                  href={`#${p.target}`}
                  className="text-danger underline underline-offset-2"
                  onClick={(e) => (e.preventDefault(), focusTarget(p.target))}
                >
                  {p.message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {notice ? (
        <p className="border-line bg-surface-muted text-ink rounded-lg border px-4 py-3 text-sm">
          {notice}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <div className="flex flex-col gap-2">
          {rows.map((row) => (
            <UploadProgressRow
              key={row.id}
              name={row.name}
              state={row.state}
              onCancel={() => onCancel(row.id)}
              onRetry={onRetry}
            />
          ))}
        </div>
      ) : null}
      {phase.kind === "failed" ? (
        <div
          role="alert"
          className="border-danger/30 bg-danger-soft flex flex-col gap-1 rounded-xl border px-4 py-3 text-sm"
        >
          <p className="text-danger font-semibold">The package was not sent.</p>
          <p className="text-ink">{phase.message}</p>
          <p className="text-ink-muted">
            Everything you chose and typed is still here: fix what is named above and send again.
          </p>
          {phase.signedOut ? (
            <Link
              href={`/sign-in?callbackUrl=${encodeURIComponent(returnPath)}`}
              className="text-accent font-medium underline underline-offset-2"
            >
              Sign in again (your draft is kept)
            </Link>
          ) : null}
        </div>
      ) : null}
      <p role="status" className="text-ink text-sm font-medium">
        {phaseText(phase)}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        {phase.kind === "uploading" ? (
          <Button variant="secondary" onClick={onCancelAll}>
            Cancel the uploads
          </Button>
        ) : null}
        {persistence ? <p className="text-ink-muted text-xs">{PERSISTENCE[persistence]}</p> : null}
      </div>
    </div>
  );
}
