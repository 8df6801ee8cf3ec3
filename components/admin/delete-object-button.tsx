"use client";
// The "Delete object" button of an object's page. Its dialog (and Radix under it) loads when an
// admin first opens it, not with the page.
import { lazy, Suspense } from "react";
import { Button } from "@/components/ui/button";
import { useDialogOnDemand } from "@/components/ui/use-dialog-on-demand";
import type { DeletionRequestView } from "@/lib/queries/admin";

const load = () => import("./delete-object-dialog");
const DeleteObjectDialog = lazy(() => load().then((m) => ({ default: m.DeleteObjectDialog })));

export interface DeleteObjectButtonProps {
  poId: string;
  // The signed-in admin's name, the default claimed requestor.
  userName: string;
  onDone: (request: DeletionRequestView) => void;
}

// The button and, once it has been pressed, the dialog.
export function DeleteObjectButton({ poId, userName, onDone }: DeleteObjectButtonProps) {
  const dialog = useDialogOnDemand(load);
  return (
    <>
      <Button variant="danger" {...dialog.buttonProps}>
        Delete object
      </Button>
      {dialog.mounted ? (
        <Suspense fallback={null}>
          <DeleteObjectDialog
            poId={poId}
            userName={userName}
            onDone={onDone}
            open={dialog.open}
            openedAt={dialog.openedAt ?? 0}
            onOpenChange={dialog.onOpenChange}
            onCloseAutoFocus={dialog.returnFocus}
          />
        </Suspense>
      ) : null}
    </>
  );
}
