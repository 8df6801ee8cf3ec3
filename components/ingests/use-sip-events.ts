"use client";
// Follows a SIP's status stream with EventSource. The browser reconnects by itself after a dropped
// connection; when it gives up (the server answered an error), this hook tries again with back-off
// and finds out whether the session ended. The last known status stays on screen throughout.
import { useEffect, useState } from "react";
import * as v from "valibot";
import { WatchEvent, type SipSnapshot } from "@/lib/ingest/watch/snapshot";
import { statusEventsPath } from "@/lib/queries/ingest";

export type Connection =
  | "connecting"
  // Events are arriving.
  | "live"
  // The connection dropped; the status shown is the last known one.
  | "reconnecting"
  // The SIP reached a final status: nothing more will come.
  | "ended"
  // The dashboard stopped watching (e.g. no such SIP), or the session ended.
  | "stopped"
  | "signed-out";

export interface SipEvents {
  snapshot: SipSnapshot | null;
  connection: Connection;
  // When the upstream was last asked, as far as this page knows.
  checkedAt: string | null;
  problem: { message: string; code: string | null } | null;
}

const MAX_RETRY_MS = 30_000;

// Why the stream was refused: 401 means the person must sign in again.
async function refusalOf(url: string): Promise<number | null> {
  const controller = new AbortController();
  try {
    const response = await fetch(url, {
      signal: controller.signal,
      headers: { Accept: "text/event-stream" },
    });
    return response.status;
  } catch {
    return null;
  } finally {
    controller.abort();
  }
}

// The live status of one SIP; `enabled` false stops listening.
export function useSipEvents(packageId: string, submissionName: string): SipEvents {
  const [state, setState] = useState<SipEvents>({
    snapshot: null,
    connection: "connecting",
    checkedAt: null,
    problem: null,
  });

  useEffect(() => {
    const url = statusEventsPath(packageId, submissionName);
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let finished = false;
    let failures = 0;
    const patch = (next: Partial<SipEvents>) => setState((s) => ({ ...s, ...next }));
    const finish = (connection: Connection) => {
      finished = true;
      source?.close();
      patch({ connection });
    };
    const read = (event: MessageEvent<string>) => {
      let parsed;
      try {
        parsed = v.safeParse(WatchEvent, JSON.parse(event.data));
      } catch {
        return;
      }
      if (!parsed.success) return;
      const data = parsed.output;
      failures = 0;
      if (data.type === "snapshot") {
        patch({
          snapshot: data.snapshot,
          checkedAt: data.snapshot.checkedAt,
          problem: null,
          connection: "live",
        });
        if (data.snapshot.terminal) finish("ended");
      } else if (data.type === "checked") {
        patch({ checkedAt: data.at, problem: null, connection: "live" });
      } else {
        patch({ problem: { message: data.message, code: data.code } });
        if (data.final)
          finish(
            data.code === "SESSION_ENDED" || data.code === "UNAUTHENTICATED"
              ? "signed-out"
              : "stopped",
          );
      }
    };
    const connect = () => {
      if (finished) return;
      source = new EventSource(url);
      source.onopen = () => patch({ connection: "live" });
      for (const name of ["snapshot", "checked", "problem"])
        source.addEventListener(name, read as EventListener);
      source.onerror = () => {
        if (finished) return;
        patch({ connection: "reconnecting" });
        // CONNECTING: the browser retries by itself. CLOSED: it gave up, so try again later.
        if (source?.readyState !== EventSource.CLOSED) return;
        failures++;
        void refusalOf(url).then((status) => {
          if (finished) return;
          if (status === 401) return finish("signed-out");
          timer = setTimeout(connect, Math.min(MAX_RETRY_MS, 1_000 * 2 ** Math.min(failures, 5)));
        });
      };
    };
    connect();
    return () => {
      finished = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [packageId, submissionName]);

  return state;
}
