"use client";
// The status page of one SIP: its live status (server-sent events), a "no progress" flag, an
// opt-in notification, the status timeline, the plugin reports and more about the package.
import { useEffect, useState, type ReactNode } from "react";
import Link from "next/link";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { AlertIcon } from "@/components/ui/icons";
import { stalledMinutes } from "@/lib/ingest/watch/progress";
import type { MetadataSchemaOption } from "@/lib/metadata/entry";
import { packagePagePath } from "@/lib/queries/ingest";
import { EnrichersPanel } from "./enrichers-panel";
import { LocalTime } from "./local-time";
import { NotifyToggle } from "./notify-toggle";
import { PluginReports } from "./plugin-reports";
import { SipStatusBadge } from "./status-badge";
import { StatusTimeline } from "./status-timeline";
import { useSipEvents, type Connection } from "./use-sip-events";

export interface SipWatchProps {
  packageId: string;
  submissionName: string;
  schemas: readonly MetadataSchemaOption[];
}

const CONNECTION: Record<Connection, string> = {
  connecting: "Connecting…",
  live: "Live: updates as the archive works",
  reconnecting: "Connection lost: showing the last known status while reconnecting",
  ended: "Finished: the archive will not change this status any more",
  stopped: "No longer watching",
  "signed-out": "Your session has ended: sign in again to follow this ingest",
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

// Re-renders once a minute, so "no progress for N minutes" counts up without new events.
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

// Everything about one SIP, kept current while the page is open.
export function SipWatch({ packageId, submissionName, schemas }: SipWatchProps) {
  const { snapshot, connection, checkedAt, problem } = useSipEvents(packageId, submissionName);
  const now = useMinuteClock();
  const stalled = snapshot ? stalledMinutes(snapshot, now) : null;
  const status = snapshot?.status ?? null;
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-ink text-base font-semibold">Status</h2>
            <span
              role="status"
              aria-label={`Status: ${status ?? "not known yet"}`}
              className="contents"
            >
              <SipStatusBadge status={status} className="px-3 py-1 text-sm" />
            </span>
            {snapshot && !snapshot.terminal && status ? (
              <span className="text-ink-muted text-sm">in progress</span>
            ) : null}
          </div>
          <p className="text-ink-muted text-sm" aria-live="polite">
            {CONNECTION[connection]}
            {checkedAt ? (
              <>
                {" "}
                · last checked <LocalTime iso={checkedAt} format="time" />
              </>
            ) : null}
          </p>
          {stalled !== null ? (
            <p
              role="status"
              className="border-warning/40 bg-warning-soft text-warning flex items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium"
            >
              <AlertIcon className="size-4" />
              No progress for {stalled} minutes. The archive may be busy or stuck; tell its operator
              if this lasts.
            </p>
          ) : null}
          {problem ? (
            <p role="alert" className="text-danger text-sm font-medium">
              {problem.message}
            </p>
          ) : null}
          {connection === "signed-out" ? (
            <Link
              href={`/sign-in?callbackUrl=${encodeURIComponent(`/ingests/${encodeURIComponent(packageId)}/${encodeURIComponent(submissionName)}`)}`}
              className="text-accent w-fit text-sm font-medium underline underline-offset-2"
            >
              Sign in again
            </Link>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <NotifyToggle
              status={status}
              terminal={snapshot?.terminal ?? false}
              title={`${packageId} / ${submissionName}`}
            />
            {status === "INGESTED" ? (
              <Link
                href={packagePagePath(packageId, submissionName)}
                className="text-accent text-sm font-medium underline underline-offset-2"
              >
                Update this package&apos;s metadata
              </Link>
            ) : null}
          </div>
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
        <Section title="Timeline">
          {snapshot ? (
            <StatusTimeline snapshot={snapshot} />
          ) : (
            <p className="text-ink-muted text-sm">Waiting for the first answer…</p>
          )}
        </Section>
        <Section title="Plugin reports">
          {snapshot ? (
            <PluginReports reports={snapshot.pluginReports} />
          ) : (
            <p className="text-ink-muted text-sm">Waiting for the first answer…</p>
          )}
        </Section>
      </div>
      {/* Below the timeline, which grows with the first answer: shown from then on, so it never
          jumps down the page while the reader looks at it. */}
      {snapshot ? (
        <Section title="More about the package">
          <EnrichersPanel
            packageId={packageId}
            submissionName={submissionName}
            status={status}
            schemas={schemas}
          />
        </Section>
      ) : null}
    </div>
  );
}
