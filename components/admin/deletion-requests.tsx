"use client";
// Deletion requests: those waiting for a second administrator, with Approve and Reject, and the
// history of every request with how it ended.
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { ResultNotice } from "@/components/results/result-notice";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import {
  HISTORY_TEXT,
  historyState,
  outcomeText,
  type HistoryState,
} from "@/lib/deletions/history";
import { MODE_TEXT } from "@/lib/deletions/words";
import { deletionRequestsOptions } from "@/lib/queries/admin";
import { DecisionButton } from "./decision-button";

const WHEN = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
const when = (iso: string | null) => (iso ? `${WHEN.format(new Date(iso))} UTC` : "");

const TONE: Record<HistoryState, BadgeTone> = {
  pending: "warning",
  approved: "accent",
  rejected: "neutral",
  withdrawn: "neutral",
  done: "success",
  failed: "danger",
};

function ObjectLink({ poId }: { poId: string }) {
  return (
    <Link
      href={`/objects/${encodeURIComponent(poId)}`}
      className="text-accent font-mono text-sm break-all hover:underline"
    >
      {poId}
    </Link>
  );
}

// The requests waiting for a decision; the requester's own cannot be approved by them.
export function PendingDeletions({ userId }: { userId: string }) {
  const pending = useQuery(deletionRequestsOptions("pending"));
  if (pending.isPending)
    return (
      <p role="status" className="text-ink-muted text-sm">
        Loading the requests…
      </p>
    );
  if (pending.isError) return <ResultNotice error={pending.error} />;
  const requests = pending.data.requests;
  if (requests.length === 0)
    return <p className="text-ink-muted text-sm">No deletion is waiting for approval.</p>;
  return (
    <ul
      aria-label="Deletions waiting for approval"
      className="border-line divide-line divide-y rounded-xl border"
    >
      {requests.map((request) => (
        <li
          key={request.id}
          className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:justify-between"
        >
          <div className="flex min-w-0 flex-col gap-1 text-sm">
            <ObjectLink poId={request.poId} />
            <p className="text-ink">
              {MODE_TEXT[request.mode].title}. Reason: “{request.reason}”
            </p>
            <p className="text-ink-muted text-xs">
              Asked by {request.requestedByName}
              {request.crn && request.crn !== request.requestedByName
                ? ` for ${request.crn}`
                : ""}{" "}
              on {when(request.requestedAt)} · tenant {request.tenant}
            </p>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <div className="flex gap-2">
              <DecisionButton
                request={request}
                decision="approve"
                {...(request.requestedById === userId
                  ? {
                      disabledReason:
                        "You asked for this deletion: another administrator must approve it.",
                    }
                  : {})}
              />
              <DecisionButton request={request} decision="reject" />
            </div>
            {request.requestedById === userId ? (
              <p className="text-ink-muted text-xs">
                Your request: another administrator approves it.
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

// Every recent request, newest first.
export function DeletionHistory() {
  const all = useQuery(deletionRequestsOptions());
  if (all.isPending)
    return (
      <p role="status" className="text-ink-muted text-sm">
        Loading the history…
      </p>
    );
  if (all.isError) return <ResultNotice error={all.error} />;
  if (all.data.requests.length === 0)
    return <p className="text-ink-muted text-sm">No deletion has been asked for yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Deletion requests, newest first</caption>
        <thead className="text-ink-muted">
          <tr className="border-line border-b">
            <th scope="col" className="py-2 pr-4 font-medium">
              Object
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Asked
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Status
            </th>
            <th scope="col" className="py-2 font-medium">
              Outcome
            </th>
          </tr>
        </thead>
        <tbody>
          {all.data.requests.map((request) => (
            <tr key={request.id} className="border-line border-b align-top last:border-0">
              <th scope="row" className="py-2 pr-4 font-normal">
                <ObjectLink poId={request.poId} />
              </th>
              <td className="text-ink-muted py-2 pr-4 text-xs">
                {request.requestedByName}, {when(request.requestedAt)}
                <br />“{request.reason}”
              </td>
              <td className="py-2 pr-4">
                <Badge tone={TONE[historyState(request)]}>
                  {HISTORY_TEXT[historyState(request)]}
                </Badge>
              </td>
              <td className="text-ink py-2 text-xs">{outcomeText(request, when)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
