"use client";
// A deletion of this object waiting for a second administrator: who asked, when and why, and for
// the admin who asked, a way to take it back (the route checks that it is theirs).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { toast } from "@/components/ui/toaster";
import { ResultNotice } from "@/components/results/result-notice";
import { Button } from "@/components/ui/button";
import {
  pendingDeletionsOptions,
  withdrawDeletion,
  type DeletionRequestView,
} from "@/lib/queries/admin";

const WHEN = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

// The waiting requests of `poId`, or `children` (the delete button) when there are none.
export function PendingDeletion({ poId, children }: { poId: string; children: React.ReactNode }) {
  const queryClient = useQueryClient();
  const pending = useQuery(pendingDeletionsOptions(poId));
  const withdraw = useMutation({
    mutationFn: (id: string) => withdrawDeletion(id),
    onSuccess: () => {
      toast.success(`Your request to delete ${poId} was withdrawn.`);
      void queryClient.invalidateQueries({ queryKey: ["admin", "deletions"] });
    },
  });
  if (pending.isPending) return null;
  if (pending.isError) return <ResultNotice error={pending.error} />;
  const requests = pending.data.requests;
  if (requests.length === 0) return <>{children}</>;
  return (
    <ul aria-label="Deletion waiting for approval" className="flex w-full flex-col gap-3">
      {requests.map((request) => (
        <PendingItem
          key={request.id}
          request={request}
          withdrawing={withdraw.isPending}
          onWithdraw={() => withdraw.mutate(request.id)}
        />
      ))}
      {withdraw.isError ? <ResultNotice error={withdraw.error} /> : null}
    </ul>
  );
}

function PendingItem({
  request,
  withdrawing,
  onWithdraw,
}: {
  request: DeletionRequestView;
  withdrawing: boolean;
  onWithdraw: () => void;
}) {
  return (
    <li className="border-line bg-surface-muted flex flex-col gap-2 rounded-lg border p-4 text-sm">
      <p className="text-ink font-medium">
        A deletion waits for a second administrator to approve it.
      </p>
      <p className="text-ink-muted">
        {request.byYou ? "You asked" : `${request.requestedByName} asked`} on{" "}
        <time dateTime={request.requestedAt}>{WHEN.format(new Date(request.requestedAt))}</time>: “
        {request.reason}”
      </p>
      <div className="flex flex-wrap gap-2">
        {request.byYou ? (
          <Button variant="secondary" disabled={withdrawing} onClick={onWithdraw}>
            {withdrawing ? "Withdrawing…" : "Withdraw my request"}
          </Button>
        ) : (
          <Link href="/admin" className="text-accent underline underline-offset-2">
            Approve or reject it on the Admin page
          </Link>
        )}
      </div>
    </li>
  );
}
