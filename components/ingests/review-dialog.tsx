"use client";
// Marking a submission reviewed: a dialog with a note, recorded in the journal and the audit log.
import { useState } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/toaster";
import {
  errorClasses,
  helpClasses,
  inputClasses,
  labelClasses,
} from "@/components/metadata/input-classes";
import { Button } from "@/components/ui/button";
import type { JournalEntry } from "@/lib/journal/submission-filters";
import { journalKeyRoot, reviewSubmission } from "@/lib/queries/ingest";

export interface ReviewDialogProps {
  // The submission to review; null keeps the dialog closed.
  entry: JournalEntry | null;
  onOpenChange: (open: boolean) => void;
  // Where focus goes when it closes: the row's button that opened it, when it is still on the page
  // (a reviewed row leaves the review queue). The dialog has no trigger of its own.
  onCloseAutoFocus: (event: Event) => void;
}

// A modal form; focus returns to the button that opened it when it closes.
export function ReviewDialog({ entry, onOpenChange, onCloseAutoFocus }: ReviewDialogProps) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState("");
  const review = useMutation({
    mutationFn: (e: JournalEntry) => reviewSubmission(e.packageId, e.submissionName, note.trim()),
    onSuccess: async (done) => {
      toast.success(`${done.packageId} / ${done.submissionName} is marked reviewed.`);
      setNote("");
      onOpenChange(false);
      await queryClient.invalidateQueries({ queryKey: journalKeyRoot });
    },
  });
  const close = (open: boolean) => {
    if (open) return;
    review.reset();
    onOpenChange(false);
  };
  return (
    <Dialog.Root open={entry !== null} onOpenChange={close}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="bg-surface border-line fixed top-1/2 left-1/2 z-50 flex w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl border p-6 shadow-lg"
        >
          <Dialog.Title className="text-ink text-lg font-semibold">Mark reviewed</Dialog.Title>
          <Dialog.Description className={helpClasses}>
            {entry
              ? `${entry.packageId} / ${entry.submissionName}, last known status ${entry.lastStatus ?? "unknown"}.`
              : ""}{" "}
            The note is kept with the submission and in the audit log.
          </Dialog.Description>
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (entry) review.mutate(entry);
            }}
          >
            <div className="flex flex-col gap-1.5">
              <label htmlFor="review-note" className={labelClasses}>
                Note
              </label>
              <textarea
                id="review-note"
                required
                rows={4}
                maxLength={2000}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                aria-describedby="review-note-error"
                aria-invalid={review.isError ? true : undefined}
                className={inputClasses("py-2")}
              />
              <p id="review-note-error" role="alert" className={errorClasses}>
                {review.isError ? review.error.message : null}
              </p>
            </div>
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="ghost">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={review.isPending || note.trim() === ""}>
                {review.isPending ? "Saving…" : "Mark reviewed"}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
