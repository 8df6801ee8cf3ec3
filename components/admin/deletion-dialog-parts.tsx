"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { ResultNotice } from "@/components/results/result-notice";
import { Button, type ButtonVariant } from "@/components/ui/button";

// What the archive said when it refused a deletion the dashboard sent.
export interface DeletionFailure {
  message?: string;
  code?: string;
}

// The archive's refusal of a deletion, in the dialog that sent it.
export function DeletionFailedNotice({ failed }: { failed: DeletionFailure | null | undefined }) {
  if (!failed) return null;
  return (
    <ResultNotice
      title="The archive did not delete the object"
      tone="error"
      error={{
        message: failed.message ?? "The archive refused the deletion.",
        ...(failed.code ? { code: failed.code } : {}),
      }}
    />
  );
}

// Cancel and the submit button of a deletion dialog's form.
export function DeletionDialogActions({
  label,
  variant,
  pending,
  disabled,
}: {
  label: string;
  variant: ButtonVariant;
  pending: boolean;
  disabled: boolean;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Dialog.Close asChild>
        <Button variant="ghost">Cancel</Button>
      </Dialog.Close>
      <Button type="submit" variant={variant} disabled={pending || disabled}>
        {pending ? "Sending…" : label}
      </Button>
    </div>
  );
}
