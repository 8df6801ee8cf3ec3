"use client";
// The plugin reports of a SIP: failing plugins first, then warnings, one block per plugin, each
// message split into lines, each time in the reader's zone.
import { groupPluginReports, messageLines } from "@/lib/ingest/watch/plugin-reports";
import type { WatchedReport } from "@/lib/ingest/watch/snapshot";
import { cn } from "@/lib/utils";
import { LocalTime } from "./local-time";
import { PluginStatusBadge } from "./status-badge";

const BORDER: Record<string, string> = {
  FAILURE: "border-danger/40 bg-danger-soft/40",
  WARNING: "border-warning/40 bg-warning-soft/40",
};

// A list of plugin blocks; a sentence when no plugin has reported yet.
export function PluginReports({ reports }: { reports: readonly WatchedReport[] }) {
  if (reports.length === 0) {
    return (
      <p className="text-ink-muted text-sm">
        No plugin has reported yet. Reports appear here as each plugin finishes.
      </p>
    );
  }
  return (
    <ul aria-label="Plugin reports" className="flex flex-col gap-3">
      {groupPluginReports(reports).map((group) => (
        <li
          key={group.pluginName}
          className={cn(
            "border-line flex flex-col gap-2 rounded-xl border p-4",
            BORDER[group.worst],
          )}
        >
          <h3 className="text-ink flex flex-wrap items-center gap-2 text-sm font-semibold">
            <span>{group.pluginName}</span>
            <PluginStatusBadge status={group.worst} />
          </h3>
          <ol className="flex flex-col gap-2">
            {group.reports.map((report, i) => (
              <li key={`${report.executionDate}-${i}`} className="flex flex-col gap-1 text-sm">
                {group.reports.length > 1 ? (
                  <PluginStatusBadge status={report.status} className="w-fit" />
                ) : null}
                {report.message ? (
                  <ul className="text-ink flex flex-col gap-0.5">
                    {messageLines(report.message).map((line, j) => (
                      <li key={j} className="break-words">
                        {line}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-ink-muted">No message.</p>
                )}
                {report.executionDate ? (
                  <p className="text-ink-muted text-xs">
                    Ran <LocalTime iso={report.executionDate} />
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ul>
  );
}
