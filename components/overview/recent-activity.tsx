import Link from "next/link";
import { plainBadgeClasses, type BadgeTone } from "@/components/ui/badge-tones";
import { plainButtonClasses } from "@/components/ui/button-variants";
import { CARD_CLASSES } from "@/components/ui/card-classes";
import { statusTone } from "@/lib/ingest/watch/status-tone";
import type { RecentSubmission } from "@/lib/overview/types";
import { ObjectStateBadge } from "@/components/holdings/state-badge";
import { TimeAgo } from "./time-ago";

const STATUS_TONE: Record<ReturnType<typeof statusTone>, BadgeTone> = {
  success: "success",
  danger: "danger",
  progress: "accent",
  neutral: "neutral",
};

const OUTCOME_TONE: Record<string, BadgeTone> = { FAILURE: "danger", WARNING: "warning" };

const statusPage = (r: RecentSubmission) =>
  `/ingests/${encodeURIComponent(r.packageId)}/${encodeURIComponent(r.submissionName)}`;

// The latest submissions the reader can see, each a link to its status page.
export function RecentActivity({
  recent,
  scope,
  now,
}: {
  recent: RecentSubmission[];
  scope: "tenant" | "own";
  now: Date;
}) {
  return (
    <div className={CARD_CLASSES}>
      <section aria-labelledby="recent-title" className="flex flex-col gap-4 p-5">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div className="flex flex-col gap-1">
            <h2 id="recent-title" className="text-ink text-base font-semibold">
              Recent activity
            </h2>
            <p className="text-ink-muted text-sm">
              {scope === "tenant"
                ? "The latest submissions in this tenant."
                : "Your latest submissions."}
            </p>
          </div>
          <Link href="/ingests" className={plainButtonClasses("secondary", "sm")}>
            All ingests
          </Link>
        </div>
        <ol className="divide-line flex flex-col divide-y">
          {recent.map((r) => (
            <li
              key={`${r.packageId}/${r.submissionName}`}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5 text-sm"
            >
              <Link
                href={statusPage(r)}
                className="text-ink min-w-0 font-medium underline-offset-2 hover:underline"
              >
                {r.title ? <span className="break-words">{r.title} </span> : null}
                <span className={r.title ? "text-ink-muted font-normal break-all" : "break-all"}>
                  {r.packageId}
                </span>
                <span className="text-ink-muted font-normal"> / {r.submissionName}</span>
              </Link>
              <span className={plainBadgeClasses(STATUS_TONE[statusTone(r.lastStatus)])}>
                {r.lastStatus ?? "status not known yet"}
              </span>
              {r.objectState === "deleted" || r.objectState === "deletion-requested" ? (
                <ObjectStateBadge state={r.objectState} />
              ) : null}
              {r.pluginOutcome && r.pluginOutcome !== "SUCCESS" ? (
                <span className={plainBadgeClasses(OUTCOME_TONE[r.pluginOutcome] ?? "neutral")}>
                  plugin {r.pluginOutcome}
                </span>
              ) : null}
              <span className="text-ink-muted ml-auto text-xs">
                {scope === "tenant" ? `${r.userName}, ` : ""}
                <TimeAgo iso={r.submittedAt} now={now} />
              </span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
