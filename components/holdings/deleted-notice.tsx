"use client";
// What the object page says once an object was deleted (from the catalogue's record of it): when,
// by whom and why, and the evidence the archive kept, instead of a "not in the archive" alarm.
import { useMutation } from "@tanstack/react-query";
import { LocalTime } from "@/components/ingests/local-time";
import { ResultNotice } from "@/components/results/result-notice";
import { Button } from "@/components/ui/button";
import { callPreservation } from "@/lib/queries/preservation";

export interface DeletionFacts {
  at: string | null;
  by: string | null;
  reason: string | null;
  evidenceKept: boolean | null;
}

// Saves the kept evidence records, as the archive answered them, as a JSON file.
async function downloadEvidence(poId: string) {
  const answer = await callPreservation("RetrievePO", { poId, sor: "Evidence" });
  const blob = new Blob([JSON.stringify(answer, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = `${poId}-evidence.json`;
  a.click();
  URL.revokeObjectURL(url);
}

export function DeletedNotice({ poId, deletion }: { poId: string; deletion: DeletionFacts }) {
  const download = useMutation({ mutationFn: () => downloadEvidence(poId) });
  return (
    <section
      aria-labelledby="deleted-heading"
      className="border-line bg-surface-muted flex flex-col gap-2 rounded-lg border p-4"
    >
      <h2 id="deleted-heading" className="text-ink text-lg font-semibold">
        This object was deleted
      </h2>
      <p className="text-ink text-sm" data-testid="deleted-summary">
        Deleted{" "}
        {deletion.at ? (
          <>
            on <LocalTime iso={deletion.at} />{" "}
          </>
        ) : null}
        {deletion.by ? `by ${deletion.by}` : "outside the dashboard"}
        {deletion.reason ? `, reason: ${deletion.reason}` : ""}.
      </p>
      {deletion.evidenceKept ? (
        <div className="flex flex-col items-start gap-2">
          <p className="text-ink-muted text-sm">
            The archive kept the evidence records of its versions.
          </p>
          <Button
            variant="secondary"
            disabled={download.isPending}
            onClick={() => download.mutate()}
          >
            Download the kept evidence
          </Button>
          {download.error ? <ResultNotice error={download.error} /> : null}
        </div>
      ) : deletion.evidenceKept === false ? (
        <p className="text-ink-muted text-sm">Its evidence was deleted with it.</p>
      ) : null}
    </section>
  );
}
