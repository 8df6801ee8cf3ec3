// Server-sent events as text: the wire format EventSource reads (HTML Living Standard, 9.2).
import type { WatchEvent } from "./snapshot";

// How long the browser waits before reconnecting on its own after a dropped connection.
export const SSE_RETRY_MS = 3_000;

// The response headers of an event stream; no-transform keeps proxies from buffering it.
export const SSE_HEADERS: Readonly<Record<string, string>> = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store, no-transform",
  Connection: "keep-alive",
  // nginx buffers responses unless told not to.
  "X-Accel-Buffering": "no",
};

// One event: `event:` names it, each line of the JSON gets its own `data:` (JSON.stringify makes one).
export function sseEvent(event: WatchEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

// A comment line: ignored by EventSource, but it keeps idle connections from being cut.
export function sseComment(text: string): string {
  return `: ${text.replace(/[\r\n]+/g, " ")}\n\n`;
}

// The reconnection delay, sent once at the start of the stream.
export function sseRetry(ms: number = SSE_RETRY_MS): string {
  return `retry: ${Math.round(ms)}\n\n`;
}

// Whether the stream should end after this event: nothing more will come for this SIP.
export function endsStream(event: WatchEvent): boolean {
  return (
    (event.type === "snapshot" && event.snapshot.terminal) ||
    (event.type === "problem" && event.final)
  );
}
