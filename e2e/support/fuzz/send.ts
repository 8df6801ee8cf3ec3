// Sends fuzz cases: node:http on keep-alive connections, and raw sockets for what node:http will
// not send (bytes outside ASCII, absolute-form targets, broken request lines).
import http from "node:http";
import net from "node:net";
import type { FuzzCase } from "./cases";

export interface FuzzAnswer {
  // 0: no HTTP answer before the connection closed.
  status: number;
  contentType: string;
  // The first bytes of the body (enough to check the error shape).
  body: string;
}

const BODY_KEEP = 64 * 1024;

// One request; streams (server-sent events, large files) are cut once their status is known.
export function sendHttp(
  agent: http.Agent,
  base: URL,
  request: FuzzCase,
  cookie: string | undefined,
  timeoutMs = 30_000,
): Promise<FuzzAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...request.headers };
    if (cookie) headers.cookie = cookie;
    if (request.body) headers["content-length"] = String(request.body.length);
    const outgoing = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.path,
        headers,
        timeout: timeoutMs,
      },
      (response) => {
        const contentType = String(response.headers["content-type"] ?? "");
        const chunks: Buffer[] = [];
        let kept = 0;
        const finish = () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType,
            body: Buffer.concat(chunks).toString("utf8"),
          });
        if (contentType.startsWith("text/event-stream")) {
          response.destroy();
          finish();
          return;
        }
        response.on("data", (chunk: Buffer) => {
          if (kept < BODY_KEEP) chunks.push(chunk);
          kept += chunk.length;
          if (kept > 4 * 1024 * 1024) {
            response.destroy();
            finish();
          }
        });
        response.on("end", finish);
        response.on("error", finish);
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on("error", reject);
    outgoing.end(request.body);
  });
}

// One raw request on its own connection: whatever bytes `head` and `body` hold. A server that
// refuses a request it cannot parse closes the connection with the rest of the request unread, and
// the kernel then resets it: a reset that overtakes the refusal discards it before it is read. So
// a connection reset before any byte of an answer is tried once more; a server that never answers
// such a request fails both times.
export async function sendRaw(
  base: URL,
  head: Buffer,
  body: Buffer | undefined,
  timeoutMs = 30_000,
): Promise<FuzzAnswer> {
  const first = await sendRawOnce(base, head, body, timeoutMs);
  return first.reset ? sendRawOnce(base, head, body, timeoutMs) : first;
}

function sendRawOnce(
  base: URL,
  head: Buffer,
  body: Buffer | undefined,
  timeoutMs: number,
): Promise<FuzzAnswer & { reset: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(base.port), base.hostname);
    const chunks: Buffer[] = [];
    let done = false;
    let reset = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      const text = Buffer.concat(chunks).toString("latin1");
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      const headEnd = text.indexOf("\r\n\r\n");
      const type = /\r\ncontent-type:\s*([^\r\n]*)/i.exec(text.slice(0, headEnd));
      resolve({
        reset: reset && chunks.length === 0,
        status: status ? Number(status[1]) : 0,
        contentType: type?.[1] ?? "",
        body: headEnd === -1 ? "" : Buffer.from(text.slice(headEnd + 4), "latin1").toString("utf8"),
      });
    };
    socket.setTimeout(timeoutMs, finish);
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      // One answer is enough: the status line and headers tell the verdict.
      if (Buffer.concat(chunks).includes("\r\n\r\n")) setTimeout(finish, 50);
    });
    socket.on("end", finish);
    socket.on("close", finish);
    socket.on("error", (error: NodeJS.ErrnoException) => {
      reset = error.code === "ECONNRESET";
      finish();
    });
    // Half-closed once sent: a body shorter than announced ends here, as a client that gives up.
    socket.end(body ? Buffer.concat([head, body]) : head);
  });
}

// Runs `work` over `items`, `concurrency` at a time.
export async function pool<T>(
  items: T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}
