"use client";
// Approving or rejecting a waiting deletion, with a comment that the request row and the audit
// log keep. An approval sends DeletePO at once; the answer says how it ended. The page holds only
// the buttons (decision-button.tsx); this module loads when one is first pressed.
import { useState } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/toaster";
import { helpClasses, inputClasses, labelClasses } from "@/components/metadata/input-classes";
import { ResultNotice } from "@/components/results/result-notice";
import { DeletionDialogActions, DeletionFailedNotice } from "./deletion-dialog-parts";
import { MODE_TEXT } from "@/lib/deletions/words";
import {
  decideDeletion,
  deletionRequestsOptions,
  type DeletionRequestView,
} from "@/lib/queries/admin";

export interface DecisionDialogProps {
  request: DeletionRequestView;
  decision: "approve" | "reject";
  open: boolean;
  onOpenChange: (open: boolean) => void;
  // Where focus goes when it closes: the button that opened it.
  onCloseAutoFocus: (event: Event) => void;
}

const WORDS = {
  approve: {
    title: "Approve the deletion of",
    submit: "Approve and delete",
    variant: "danger",
  },
  reject: {
    title: "Reject the deletion of",
    submit: "Reject",
    variant: "secondary",
  },
} as const;

// The dialog.
export function DecisionDialog({
  request,
  decision,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: DecisionDialogProps) {
  const queryClient = useQueryClient();
  const [comment, setComment] = useState("");
  const words = WORDS[decision];
  const decide = useMutation({
    mutationFn: () => decideDeletion(request.id, decision, { comment: comment.trim() }),
    onSuccess: async ({ request: decided }) => {
      await queryClient.invalidateQueries({
        queryKey: deletionRequestsOptions().queryKey.slice(0, 2),
      });
      if (decided.status === "failed") return;
      toast.success(
        decided.status === "done"
          ? `${decided.poId} was deleted.`
          : `The deletion of ${decided.poId} was rejected.`,
      );
      onOpenChange(false);
    },
  });
  const failed = decide.data?.request.status === "failed" ? decide.data.request.outcome : null;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) decide.reset();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="bg-surface border-line fixed top-1/2 left-1/2 z-50 flex w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl border p-6 shadow-lg"
        >
          <Dialog.Title className="text-ink text-lg font-semibold break-all">
            {words.title} {request.poId}
          </Dialog.Title>
          <Dialog.Description className={helpClasses}>
            {request.requestedByName} asked: {MODE_TEXT[request.mode].title.toLowerCase()}, because
            “{request.reason}”.
            {decision === "approve"
              ? " Approving deletes the object in the archive now."
              : " Nothing is deleted."}
          </Dialog.Description>
          <form
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (comment.trim() !== "") decide.mutate();
            }}
          >
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`decision-comment-${request.id}`} className={labelClasses}>
                Comment
              </label>
              <textarea
                id={`decision-comment-${request.id}`}
                required
                rows={3}
                maxLength={2000}
                value={comment}
                onChange={(event) => setComment(event.target.value)}
                className={inputClasses("py-2")}
              />
            </div>
            {decide.isError ? <ResultNotice error={decide.error} /> : null}
            <DeletionFailedNotice failed={failed} />
            <DeletionDialogActions
              label={words.submit}
              variant={words.variant}
              pending={decide.isPending}
              disabled={comment.trim() === ""}
            />
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
