// HTTP/1.1 by hand over a TCP socket, for requests fetch cannot send: fetch normalises the URL
// (`/uploads/%` would never reach the server as written), and refuses malformed request lines,
// broken chunked encoding and lying Content-Lengths.
import { connect } from "node:net";

export interface RawAnswer {
  // undefined when the connection closed (or timed out) without a status line.
  status?: number;
  headers: Record<string, string>;
  body: string;
}

// Sends `bytes` on a new connection to the origin of `baseUrl` and reads the first response on it,
// until it is complete or the server closes. With `halfClose` the sending side is ended after the
// bytes (a client that hangs up early: Node then drops the request, so expect no answer).
export function rawRequest(
  baseUrl: string,
  bytes: string | Buffer,
  options: { timeoutMs?: number; halfClose?: boolean } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname);
    const chunks: Buffer[] = [];
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(parseResponse(Buffer.concat(chunks)).answer);
    };
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      if (parseResponse(Buffer.concat(chunks)).complete) settle();
    });
    // A reset after the answer (the server closing a half-read request) still leaves the answer.
    socket.on("error", settle);
    socket.on("close", settle);
    socket.setTimeout(options.timeoutMs ?? 15_000, settle);
    if (options.halfClose) socket.end(bytes);
    else socket.write(bytes);
  });
}

// A request line and headers as one string: `GET /x HTTP/1.1` plus Host and Connection: close.
export function rawGet(target: string, method = "GET", extraHeaders = ""): string {
  return `${method} ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${extraHeaders}\r\n`;
}

function parseResponse(bytes: Buffer): { answer: RawAnswer; complete: boolean } {
  const headEnd = bytes.indexOf("\r\n\r\n");
  if (headEnd < 0) return { answer: { headers: {}, body: "" }, complete: false };
  const [statusLine = "", ...lines] = bytes.subarray(0, headEnd).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let rest = bytes.subarray(headEnd + 4);
  let complete = false;
  if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
    const dechunked = dechunk(rest);
    rest = dechunked.body;
    complete = dechunked.complete;
  } else if (headers["content-length"] !== undefined) {
    const length = Number(headers["content-length"]);
    complete = rest.length >= length;
    rest = rest.subarray(0, length);
  }
  const answer = {
    status: Number.isInteger(status) ? status : undefined,
    headers,
    body: rest.toString("utf8"),
  };
  return { answer, complete };
}

function dechunk(bytes: Buffer): { body: Buffer; complete: boolean } {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf("\r\n", at);
    if (lineEnd < 0) return { body: Buffer.concat(parts), complete: false };
    const size = parseInt(bytes.subarray(at, lineEnd).toString("latin1"), 16);
    if (!Number.isFinite(size)) return { body: Buffer.concat(parts), complete: true };
    if (size === 0) return { body: Buffer.concat(parts), complete: true };
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
