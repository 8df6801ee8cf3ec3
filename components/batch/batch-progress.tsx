"use client";
// The batch under way: counts, time left, pause / resume / cancel, every package's state in a
// windowed table (a thousand rows stay cheap to render), and the report once it is over.
import Link from "next/link";
import { useEffect, useState, useSyncExternalStore } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import type { BatchQueue } from "@/lib/batch/queue";
import { stateLabel } from "@/lib/batch/queue-state";
import { cancelBatch } from "@/lib/queries/batch";
import { countItems, timeLeft } from "./batch-counts";
import type { StoredBatch } from "./batch-storage";
import { ROW_HEIGHT, useRowWindow } from "./use-row-window";

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="border-line bg-surface rounded-lg border px-3 py-2">
      <dt className="text-ink-muted text-xs">{label}</dt>
      <dd className="text-ink text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

export function BatchProgress({
  batch,
  queue,
  onClear,
}: {
  batch: StoredBatch;
  queue: BatchQueue;
  onClear: () => void;
}) {
  const snapshot = useSyncExternalStore(queue.subscribe, queue.get, queue.get);
  const counts = countItems(snapshot.items);
  const [start] = useState(() => ({ at: Date.now(), finished: counts.finished }));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);

  const over = counts.finished === counts.total;
  const { mode } = snapshot;
  const rows = useRowWindow(snapshot.items.length);
  const visible = snapshot.items.slice(rows.first, rows.last);
  const left = timeLeft(counts, start.finished, start.at, now);

  const downloadReport = async () => {
    // The CSV writer loads with the first download, not with the page.
    const { reportCsv } = await import("@/lib/batch/report");
    const text = reportCsv(
      snapshot.items.map((item) => {
        const s = item.state;
        return {
          files: item.files,
          packageId: s.kind === "sent" ? s.packageId : null,
          status: s.kind === "sent" ? s.status : s.kind === "failed" ? "FAILED" : s.kind,
          message: s.kind === "failed" ? s.message : "",
        };
      }),
    );
    const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `${batch.name}-report.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  const cancel = async () => {
    queue.cancel();
    // The queue has stopped here already; the server's record only keeps other tabs from sending.
    await cancelBatch(batch.id).catch(() => {});
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-ink text-lg font-semibold">{batch.name}</h2>
        <span role="status" className="text-ink-muted text-sm">
          {over
            ? "The batch is over."
            : mode.kind === "paused"
              ? mode.reason === "signed-out"
                ? "Paused: your session ended. Sign in again; the queue keeps everything."
                : mode.reason === "offline"
                  ? "Paused: the connection dropped. It resumes when the browser is back online."
                  : "Paused."
              : mode.kind === "cancelled"
                ? "Cancelled."
                : left}
        </span>
      </div>
      <dl className="grid grid-cols-3 gap-2 sm:grid-cols-6">
        <Count label="Packages" value={counts.total} />
        <Count label="Queued" value={counts.queued} />
        <Count label="Sending" value={counts.sending} />
        <Count label="Processing" value={counts.processing} />
        <Count label="Ingested" value={counts.ingested} />
        <Count label="Failed" value={counts.failed} />
      </dl>
      <div className="flex flex-wrap gap-2">
        {mode.kind === "running" && !over && (
          <Button variant="secondary" onClick={() => queue.pause()}>
            Pause
          </Button>
        )}
        {mode.kind === "paused" && mode.reason === "signed-out" && (
          <Link href="/sign-in?callbackUrl=%2Fbatch" className={buttonClasses()}>
            Sign in again
          </Link>
        )}
        {mode.kind === "paused" && <Button onClick={() => queue.resume()}>Resume</Button>}
        {mode.kind !== "cancelled" && !over && (
          <Button variant="danger" onClick={() => void cancel()}>
            Cancel the batch
          </Button>
        )}
        {counts.failed > 0 && mode.kind !== "cancelled" && (
          <Button variant="secondary" onClick={() => queue.retryFailed()}>
            Retry the failed packages
          </Button>
        )}
        <Button variant="secondary" onClick={() => void downloadReport()}>
          Download the report (CSV)
        </Button>
        <Link
          href={`/ingests?batch=${encodeURIComponent(batch.id)}`}
          className={buttonClasses("secondary")}
        >
          This batch in the journal
        </Link>
        {(over || mode.kind === "cancelled") && (
          <Button variant="ghost" onClick={onClear}>
            Start another batch
          </Button>
        )}
      </div>
      <div
        className="border-line overflow-y-auto rounded-lg border"
        style={{ height: rows.boxHeight }}
        onScroll={rows.onScroll}
      >
        <table className="w-full text-left text-sm" aria-rowcount={snapshot.items.length + 1}>
          <caption className="sr-only">Every package of the batch and its state</caption>
          <thead className="bg-surface-muted text-ink-muted sticky top-0">
            <tr style={{ height: ROW_HEIGHT }}>
              <th scope="col" className="px-3 font-medium">
                Package
              </th>
              <th scope="col" className="px-3 font-medium">
                Title
              </th>
              <th scope="col" className="px-3 font-medium">
                State
              </th>
            </tr>
          </thead>
          <tbody>
            <tr aria-hidden style={{ height: rows.before }} />
            {visible.map((item, i) => (
              <tr
                key={item.key}
                aria-rowindex={rows.first + i + 2}
                className="border-line border-t"
                style={{ height: ROW_HEIGHT }}
              >
                <td className="truncate px-3 font-mono text-xs">{item.key || "(all files)"}</td>
                <td className="truncate px-3">{item.title ?? "—"}</td>
                <td
                  className="px-3"
                  title={item.state.kind === "failed" ? item.state.message : undefined}
                >
                  {stateLabel(item.state)}
                  {item.state.kind === "failed" && (
                    <span className="text-danger block truncate text-xs">{item.state.message}</span>
                  )}
                </td>
              </tr>
            ))}
            <tr aria-hidden style={{ height: rows.after }} />
          </tbody>
        </table>
      </div>
    </div>
  );
}
