import "server-only";
// The Response of a status stream: a ReadableStream of server-sent events fed by the status hub,
// with a heartbeat, closed at a terminal status, and unsubscribed when the browser goes away.
import type { WatchEvent } from "./snapshot";
import { endsStream, SSE_HEADERS, sseComment, sseEvent, sseRetry } from "./sse";

// Under the idle timeouts of common proxies (60 s) with room to spare.
const HEARTBEAT_MS = 20_000;

// Streams what `subscribe` emits until it ends the stream, the browser disconnects or `signal` aborts.
export function sseResponse(
  signal: AbortSignal,
  subscribe: (send: (event: WatchEvent) => void) => () => void,
): Response {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      let unsubscribe: (() => void) | null = null;
      const heartbeat = setInterval(() => write(sseComment("still watching")), HEARTBEAT_MS);
      const close = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        signal.removeEventListener("abort", close);
        unsubscribe?.();
        try {
          controller.close();
        } catch {
          // Already closed by the other side.
        }
      };
      cleanup = close;
      function write(text: string) {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      }
      if (signal.aborted) return close();
      signal.addEventListener("abort", close, { once: true });
      write(sseRetry());
      let ended = false;
      unsubscribe = subscribe((event) => {
        write(sseEvent(event));
        // Closed after the current call: the hub may still be iterating its watchers.
        if (endsStream(event) && !ended) {
          ended = true;
          queueMicrotask(close);
        }
      });
      // The hub may have ended the stream while subscribing (a terminal snapshot it already had).
      if (!open) unsubscribe();
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, { headers: SSE_HEADERS });
}
