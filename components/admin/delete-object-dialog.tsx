"use client";
// Deleting an object (admins only; the route checks again): the mode in plain words, a reason of
// at least ten characters, the claimed requestor (prefilled), and the poId typed to confirm. With
// four-eyes on (as read when the dialog opens), the same form asks a second admin instead. The
// page holds only its button (delete-object-button.tsx); this module loads when it is first opened.
import { useState } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "@/components/ui/toaster";
import {
  errorClasses,
  helpClasses,
  inputClasses,
  labelClasses,
} from "@/components/metadata/input-classes";
import { ResultNotice } from "@/components/results/result-notice";
import { DeletionDialogActions, DeletionFailedNotice } from "./deletion-dialog-parts";
import { DELETION_MODES } from "@scriptorium/contract/preservation/constants";
import type { DeletionRequestInput } from "@/lib/deletions/rules";
import { MIN_REASON_LENGTH, MODE_TEXT, type DeletionMode } from "@/lib/deletions/words";
import {
  adminSettingsOptions,
  requestDeletion,
  type DeletionRequestView,
} from "@/lib/queries/admin";

export interface DeleteObjectDialogProps {
  poId: string;
  // The signed-in admin's name, the default claimed requestor.
  userName: string;
  onDone: (request: DeletionRequestView) => void;
  open: boolean;
  // When it last opened (Date.now()).
  openedAt: number;
  onOpenChange: (open: boolean) => void;
  // Where focus goes when it closes: the button that opened it.
  onCloseAutoFocus: (event: Event) => void;
}

type Field = "mode" | "reason" | "crn" | "confirm";

// The dialog.
export function DeleteObjectDialog({
  poId,
  userName,
  onDone,
  open,
  openedAt,
  onOpenChange,
  onCloseAutoFocus,
}: DeleteObjectDialogProps) {
  const [mode, setMode] = useState<DeletionMode>("OnlySubDOs");
  const [reason, setReason] = useState("");
  const [crn, setCrn] = useState(userName);
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // The setting may have changed in another tab since the page loaded: the dialog says nothing
  // about what it will do until an answer fetched after it opened arrives.
  const settings = useQuery({ ...adminSettingsOptions(), enabled: open });
  const known = settings.isSuccess && settings.dataUpdatedAt >= openedAt;
  const fourEyes = known && settings.data.fourEyes;
  const remove = useMutation({
    mutationFn: (input: DeletionRequestInput) => requestDeletion(input),
    onSuccess: ({ request }) => {
      if (request.status === "failed") return;
      toast.success(
        request.status === "pending"
          ? `The deletion of ${poId} now waits for a second administrator.`
          : `${poId} was deleted.`,
      );
      onOpenChange(false);
      onDone(request);
    },
  });

  async function submit() {
    // The request schema (and zod with it) loads on the first send, not with the object's page.
    const { DeletionRequestInput } = await import("@/lib/deletions/rules");
    const parsed = DeletionRequestInput.safeParse({ poId, mode, reason, crn, confirm });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    remove.mutate(parsed.data);
  }

  const failed = remove.data?.request.status === "failed" ? remove.data.request.outcome : null;
  const field = (name: Field) => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": `delete-${name}-help delete-${name}-error`,
  });
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) remove.reset();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="bg-surface border-line fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl border p-6 shadow-lg"
        >
          <Dialog.Title className="text-ink text-lg font-semibold">Delete {poId}</Dialog.Title>
          <Dialog.Description className={helpClasses}>
            {!known
              ? "Checking whether a second administrator must approve deletions…"
              : fourEyes
                ? "Four-eyes approval is on: this asks a second administrator, and nothing is deleted until one approves."
                : "This deletes the object in the archive now. It cannot be undone."}{" "}
            The archive&apos;s trace and the audit log keep the reason.
          </Dialog.Description>
          <form
            noValidate
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <fieldset className="flex flex-col gap-2">
              <legend className={labelClasses}>What to delete</legend>
              {DELETION_MODES.map((value) => (
                <label
                  key={value}
                  className="border-line has-checked:border-accent flex gap-3 rounded-lg border p-3"
                >
                  <input
                    type="radio"
                    name="delete-mode"
                    value={value}
                    checked={mode === value}
                    onChange={() => setMode(value)}
                    className="accent-accent mt-1 size-4"
                  />
                  <span className="flex flex-col gap-0.5">
                    <span className="text-ink text-sm font-medium">{MODE_TEXT[value].title}</span>
                    <span className="text-ink-muted text-sm">{MODE_TEXT[value].detail}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            <div className="flex flex-col gap-1.5">
              <label htmlFor="delete-reason" className={labelClasses}>
                Reason
              </label>
              <textarea
                id="delete-reason"
                rows={3}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                className={inputClasses("py-2")}
                {...field("reason")}
              />
              <p id="delete-reason-help" className={helpClasses}>
                At least {MIN_REASON_LENGTH} characters, e.g. the retention rule that ended.
              </p>
              <p id="delete-reason-error" className={errorClasses}>
                {errors.reason}
              </p>
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor="delete-crn" className={labelClasses}>
                Requested by
              </label>
              <input
                id="delete-crn"
                value={crn}
                onChange={(e) => setCrn(e.target.value)}
                className={inputClasses("h-10")}
                {...field("crn")}
              />
              <p id="delete-crn-help" className={helpClasses}>
                The claimed requestor the archive records.
              </p>
              <p id="delete-crn-error" className={errorClasses}>
                {errors.crn}
              </p>
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor="delete-confirm" className={labelClasses}>
                Type the object ID to confirm
              </label>
              <input
                id="delete-confirm"
                value={confirm}
                autoComplete="off"
                spellCheck={false}
                onChange={(e) => setConfirm(e.target.value)}
                className={inputClasses("h-10 font-mono")}
                {...field("confirm")}
              />
              <p id="delete-confirm-help" className={helpClasses}>
                Type <code className="font-mono">{poId}</code> exactly.
              </p>
              <p id="delete-confirm-error" className={errorClasses}>
                {errors.confirm}
              </p>
            </div>
            {settings.isError ? <ResultNotice error={settings.error} /> : null}
            {remove.isError ? <ResultNotice error={remove.error} /> : null}
            <DeletionFailedNotice failed={failed} />
            <DeletionDialogActions
              label={!known ? "Checking…" : fourEyes ? "Ask for approval" : "Delete object"}
              variant="danger"
              pending={remove.isPending}
              disabled={!known}
            />
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
