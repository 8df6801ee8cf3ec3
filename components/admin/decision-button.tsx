"use client";
// Approve or Reject on a waiting deletion. The dialog (and Radix under it) loads when an admin
// first presses one, not with the admin page.
import { lazy, Suspense } from "react";
import { Button } from "@/components/ui/button";
import { useDialogOnDemand } from "@/components/ui/use-dialog-on-demand";
import type { DeletionRequestView } from "@/lib/queries/admin";

const load = () => import("./decision-dialog");
const DecisionDialog = lazy(() => load().then((m) => ({ default: m.DecisionDialog })));

export interface DecisionButtonProps {
  request: DeletionRequestView;
  decision: "approve" | "reject";
  // Why the button is disabled (the requester cannot approve their own request).
  disabledReason?: string;
}

// The button and, once it has been pressed, its dialog.
export function DecisionButton({ request, decision, disabledReason }: DecisionButtonProps) {
  const dialog = useDialogOnDemand(load);
  const word = decision === "approve" ? "Approve" : "Reject";
  return (
    <>
      <Button
        size="sm"
        variant={decision === "approve" ? "primary" : "secondary"}
        aria-label={`${word} the deletion of ${request.poId}`}
        disabled={disabledReason !== undefined}
        title={disabledReason}
        {...dialog.buttonProps}
      >
        {word}
      </Button>
      {dialog.mounted ? (
        <Suspense fallback={null}>
          <DecisionDialog
            request={request}
            decision={decision}
            open={dialog.open}
            onOpenChange={dialog.onOpenChange}
            onCloseAutoFocus={dialog.returnFocus}
          />
        </Suspense>
      ) : null}
    </>
  );
}
