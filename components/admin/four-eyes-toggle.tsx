"use client";
// The four-eyes setting: when on, a deletion waits for a second administrator's approval.
// Switching it on is immediate; switching it off is a request another administrator approves.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/toaster";
import { ResultNotice } from "@/components/results/result-notice";
import { adminSettingsOptions, saveFourEyes, type AdminSettings } from "@/lib/queries/admin";
import { cn } from "@/lib/utils";
import { FourEyesOffRequest } from "./four-eyes-off-request";

// A switch with its explanation and any waiting request to switch it off; the setting is stored
// in the dashboard's database. `initial` is the setting the server read for the page (null: the
// browser asks), so a setting that is on does not first show as off, with a shorter explanation.
export function FourEyesToggle({
  userId,
  initial,
}: {
  userId: string;
  initial: AdminSettings | null;
}) {
  const queryClient = useQueryClient();
  const settings = useQuery({ ...adminSettingsOptions(), initialData: initial ?? undefined });
  const save = useMutation({
    mutationFn: saveFourEyes,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminSettingsOptions().queryKey, saved);
      toast.success(
        saved.pendingOff
          ? "Your request is waiting: four-eyes approval stays on until another administrator approves switching it off."
          : saved.fourEyes
            ? "Four-eyes approval is on: deletions now wait for a second administrator."
            : "Four-eyes approval is off: administrators delete directly.",
      );
    },
  });
  const on = settings.data?.fourEyes === true;
  const pendingOff = settings.data?.pendingOff ?? null;
  // While a request to switch it off waits, the request is the way to decide.
  const busy = settings.isPending || save.isPending || pendingOff !== null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-start gap-4">
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby="four-eyes-label"
          aria-describedby="four-eyes-help"
          disabled={busy}
          onClick={() => save.mutate(!on)}
          className={cn(
            "relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors disabled:opacity-60",
            on ? "bg-accent" : "bg-line-strong",
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              "bg-surface size-5 rounded-full shadow transition-transform motion-reduce:transition-none",
              on ? "translate-x-5" : "translate-x-0",
            )}
          />
        </button>
        <div className="flex flex-col gap-1">
          <span id="four-eyes-label" className="text-ink text-sm font-medium">
            Require a second administrator to approve deletions
          </span>
          <span id="four-eyes-help" className="text-ink-muted text-sm">
            {on
              ? "On: a deletion becomes a request that another administrator approves or rejects, with a comment, before anything is deleted. Switching it off needs another administrator's approval too."
              : "Off: an administrator's deletion is sent to the archive at once."}
          </span>
        </div>
      </div>
      {pendingOff ? <FourEyesOffRequest request={pendingOff} userId={userId} /> : null}
      {settings.isError ? <ResultNotice error={settings.error} /> : null}
      {save.isError ? <ResultNotice error={save.error} /> : null}
    </div>
  );
}
