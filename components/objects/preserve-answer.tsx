"use client";
// What PreservePO answered: the new poId, the objects as the archive stored them, and where to go.
import Link from "next/link";
import { ResultNotice } from "@/components/results/result-notice";
import { Button, buttonClasses } from "@/components/ui/button";
import type { PreservePOResponse } from "@scriptorium/contract/preservation/schemas";

export interface PreserveAnswerProps {
  answer: PreservePOResponse;
  onAgain: () => void;
}

// The success notice with the poId and a table of the stored objects.
export function PreserveAnswer({ answer, onAgain }: PreserveAnswerProps) {
  const poId = answer.poId;
  return (
    <div className="flex flex-col gap-6">
      <ResultNotice result={answer.result} successTitle="Preserved">
        {poId ? (
          <p className="text-ink text-sm">
            The new object&apos;s ID (poId) is{" "}
            <code
              className="bg-surface rounded px-1.5 py-0.5 font-mono text-sm"
              data-testid="new-poid"
            >
              {poId}
            </code>
            .
          </p>
        ) : (
          <p className="text-ink text-sm">The archive did not name the new object.</p>
        )}
      </ResultNotice>
      {answer.po?.length ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="text-ink mb-2 text-left font-semibold">
              What the archive stored
            </caption>
            <thead className="text-ink-muted">
              <tr className="border-line border-b">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Object
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Media type
                </th>
                <th scope="col" className="py-2 font-medium">
                  Format
                </th>
              </tr>
            </thead>
            <tbody>
              {answer.po.map((po, index) => (
                <tr key={po.id ?? index} className="border-line border-b last:border-0">
                  <th scope="row" className="text-ink py-2 pr-4 font-medium">
                    {po.id ?? `Object ${index + 1}`}
                  </th>
                  <td className="text-ink-muted py-2 pr-4">{po.mimeType ?? "not stated"}</td>
                  <td className="text-ink-muted py-2 font-mono text-xs break-all">
                    {po.formatId ?? "not stated"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {poId ? (
          <Link href={`/objects/${encodeURIComponent(poId)}`} className={buttonClasses("primary")}>
            Open the object
          </Link>
        ) : null}
        <Button variant="secondary" onClick={onAgain}>
          Preserve more
        </Button>
      </div>
    </div>
  );
}
