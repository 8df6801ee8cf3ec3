// Port checks before anything starts, so a taken port is one clear sentence, not a stack trace.
import net from "node:net";

// True when nothing listens on `port` (checked the way the servers bind: all interfaces).
export function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

// Polls `url` until it answers 2xx, the child exits, or `timeoutMs` passes.
export async function waitForHealth(url, { timeoutMs, exited }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) return "exited";
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return "healthy";
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return "timeout";
}
