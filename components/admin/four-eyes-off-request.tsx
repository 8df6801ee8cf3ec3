"use client";
// A waiting request to switch four-eyes approval off: who asked and when, and the decision for
// whoever looks. The requester can only withdraw it; another administrator approves or rejects.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/toaster";
import { ResultNotice } from "@/components/results/result-notice";
import { Button } from "@/components/ui/button";
import {
  adminSettingsOptions,
  decideFourEyesOff,
  type FourEyesOffRequestView,
} from "@/lib/queries/admin";

const WHEN = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

export function FourEyesOffRequest({
  request,
  userId,
}: {
  request: FourEyesOffRequestView;
  userId: string;
}) {
  const queryClient = useQueryClient();
  const mine = request.requestedById === userId;
  const decide = useMutation({
    mutationFn: (decision: "approve" | "reject") => decideFourEyesOff(request.id, decision),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminSettingsOptions().queryKey, saved);
      toast.success(
        saved.fourEyes
          ? "Four-eyes approval stays on."
          : "Four-eyes approval is off: administrators delete directly.",
      );
    },
    onError: () => void queryClient.invalidateQueries(adminSettingsOptions()),
  });
  const asked = request.requestedAt ? ` on ${WHEN.format(new Date(request.requestedAt))} UTC` : "";
  return (
    <div
      role="region"
      aria-label="Request to switch four-eyes approval off"
      className="border-warning/40 bg-warning-soft flex flex-col gap-3 rounded-lg border px-4 py-3 text-sm"
    >
      <p className="text-ink">
        {mine ? "You" : request.requestedByName} asked{asked} to switch four-eyes approval off.{" "}
        {mine
          ? "Another administrator must approve it; until then deletions still wait for a second administrator."
          : "It stays on until another administrator approves; you may."}
      </p>
      <div className="flex flex-wrap gap-2">
        {mine ? null : (
          <Button
            size="sm"
            variant="danger"
            disabled={decide.isPending}
            onClick={() => decide.mutate("approve")}
          >
            Approve: switch it off
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          disabled={decide.isPending}
          onClick={() => decide.mutate("reject")}
        >
          {mine ? "Withdraw my request" : "Reject: keep it on"}
        </Button>
      </div>
      {decide.isError ? <ResultNotice error={decide.error} /> : null}
    </div>
  );
}
