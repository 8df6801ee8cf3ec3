"use client";
// The catalogue sync on the admin page: a button to sync now, each tenant's progress while a run
// is under way (polled every second), and how the last run ended. Badge and button classes are the
// plain ones (nothing to override), so the page loads no tailwind-merge.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/toaster";
import { LocalTime } from "@/components/ingests/local-time";
import { ResultNotice } from "@/components/results/result-notice";
import { plainBadgeClasses } from "@/components/ui/badge-tones";
import { plainButtonClasses } from "@/components/ui/button-variants";
import type { TenantSyncStatus } from "@/lib/catalogue/sync-status";
import { catalogueSyncOptions, startCatalogueSync } from "@/lib/queries/catalogue";

const counts = (c: { listed: number; retrieved: number; corrected: number; failed: number }) =>
  `${c.listed} listed in the archive, ${c.retrieved} read and added or updated, ` +
  `${c.corrected} corrected (deleted elsewhere), ${c.failed} could not be read`;

function TenantRow({ t }: { t: TenantSyncStatus }) {
  const last = t.lastRun;
  return (
    <li className="border-line flex flex-col gap-1 border-t py-3 first:border-t-0">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-ink font-medium">Tenant {t.tenant}</span>
        {t.status === "running" ? (
          <span className={plainBadgeClasses("accent")}>
            {t.lastError ? "stopped part-way, resumes on the next run" : "syncing"}
          </span>
        ) : (
          <span className={plainBadgeClasses("neutral")}>idle</span>
        )}
      </div>
      {t.status === "running" ? (
        <p className="text-ink-muted text-sm" data-testid={`sync-progress-${t.tenant}`}>
          {t.prefixesDone} id prefixes walked, {t.prefixesLeft} left: {counts(t)}.
        </p>
      ) : null}
      {t.lastError ? <p className="text-danger text-sm">Stopped: {t.lastError}</p> : null}
      {last ? (
        <p className="text-ink-muted text-sm" data-testid={`sync-last-run-${t.tenant}`}>
          Last run {last.outcome === "finished" ? "finished" : "stopped"}{" "}
          <LocalTime iso={last.finishedAt} />: {counts(last)}.
        </p>
      ) : (
        <p className="text-ink-muted text-sm">No run has finished yet.</p>
      )}
    </li>
  );
}

export function CatalogueSyncPanel() {
  const queryClient = useQueryClient();
  const status = useQuery(catalogueSyncOptions());
  const start = useMutation({
    mutationFn: startCatalogueSync,
    onSuccess: (answer) => {
      queryClient.setQueryData(catalogueSyncOptions().queryKey, answer);
      toast.success("The sync has started: progress shows below.");
    },
  });
  const data = status.data;
  const running = data?.running === true || start.isPending;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={plainButtonClasses("primary")}
          disabled={running || data?.search.available === false}
          onClick={() => start.mutate()}
        >
          {running ? "Syncing…" : "Sync now"}
        </button>
        <p className="text-ink-muted text-sm">
          {data
            ? data.scheduleMinutes > 0
              ? `The dashboard also syncs every ${data.scheduleMinutes} minutes by itself.`
              : "No schedule is set (CATALOGUE_SYNC_MINUTES=0): syncs run from here or from npm run catalogue:sync."
            : null}
        </p>
      </div>
      {data?.search.available === false ? (
        <p className="text-warning text-sm">
          The archive does not answer Search ({data.search.reason}), so the sync cannot list what it
          keeps. The catalogue still learns from every ingest and object page read through the
          dashboard.
        </p>
      ) : null}
      {start.error ? <ResultNotice error={start.error} /> : null}
      {status.error ? <ResultNotice error={status.error} /> : null}
      {data ? (
        data.tenants.length > 0 ? (
          <ul aria-label="Sync per tenant" aria-live="polite">
            {data.tenants.map((t) => (
              <TenantRow key={t.tenant} t={t} />
            ))}
          </ul>
        ) : (
          <p className="text-ink-muted text-sm">The catalogue has not been synced yet.</p>
        )
      ) : (
        <p className="text-ink-muted text-sm">Loading…</p>
      )}
    </div>
  );
}
