// The archive's last line of defence at the HTTP level: whatever a request makes a handler throw
// or reject, it is answered (4xx when the request itself is malformed, else 500 without
// internals) and the process keeps serving. A single malformed URL once ended the process.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { RequestError } from "@hono/node-server";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { IngestError, ingestErrorStatus, type IngestErrorCode } from "./errors";

export type RawListener = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

const BAD_ESCAPE =
  "The request's address is malformed (a % must be followed by two hex digits that spell UTF-8): correct the URL.";
const BAD_ADDRESS =
  "The request's address or Host header is malformed (a backslash in the path, an invalid host): correct the URL.";
const FAILED = "The archive failed to process the request; try again later.";

// The `{ code, message }` body every archive API failure has.
export function errorBody(code: IngestErrorCode, message: string): string {
  return JSON.stringify({ code, message });
}

// Whether `error` says the request could not be understood, rather than that the archive failed.
export function isMalformedRequest(error: unknown): boolean {
  if (error instanceof URIError || error instanceof RequestError) return true;
  return (error as { code?: unknown } | null)?.code === "ERR_INVALID_URL";
}

const malformedMessage = (error: unknown) => (error instanceof URIError ? BAD_ESCAPE : BAD_ADDRESS);

// Answers a request a handler gave up on; a response already under way can only be cut.
export function answerFailure(res: ServerResponse, error: unknown): void {
  const malformed = isMalformedRequest(error);
  if (!malformed) console.error("request failed", error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const code: IngestErrorCode = malformed ? "VALIDATION_ERROR" : "EXCEPTION";
  const text = errorBody(code, malformed ? malformedMessage(error) : FAILED);
  // The body may not have been read: closing is cheaper than reading what nobody will use.
  res.writeHead(ingestErrorStatus[code], {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    Connection: "close",
  });
  res.end(text);
}

function jsonError(status: number, code: IngestErrorCode, message: string): Response {
  return new Response(errorBody(code, message), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
}

// Hono's notFound: an address no route serves.
export function notFoundAnswer(): Response {
  return jsonError(
    404,
    "NOT_FOUND",
    "The archive has nothing at this address (it serves /ingest, /preservation, /oidc, /uploads and /health).",
  );
}

// Hono's onError, and the fetch adapter's errorHandler (a URL or Host it cannot turn into a
// Request): the caller's errors keep their status, anything else is a 500 without internals.
export function errorAnswer(error: unknown, _c?: Context): Response {
  if (error instanceof IngestError) return jsonError(error.status, error.code, error.message);
  if (error instanceof HTTPException && error.status < 500) {
    const code = error.status === 413 ? "JSON_TOO_LARGE" : "VALIDATION_ERROR";
    return jsonError(error.status, code, error.message || "The request was refused.");
  }
  if (isMalformedRequest(error)) return jsonError(400, "VALIDATION_ERROR", malformedMessage(error));
  console.error("request failed", error);
  return jsonError(500, "EXCEPTION", FAILED);
}

// `listener`, with every synchronous throw and every rejection answered instead of escaping.
export function guarded(listener: RawListener): RawListener {
  return (req, res) => {
    try {
      const pending = listener(req, res);
      if (pending) pending.catch((error: unknown) => answerFailure(res, error));
    } catch (error) {
      answerFailure(res, error);
    }
  };
}

// Statuses Node itself gives the parse errors it names (lib/_http_server.js); the rest are 400.
const CLIENT_ERROR_STATUS: Record<string, [number, string, IngestErrorCode]> = {
  HPE_HEADER_OVERFLOW: [431, "Request Header Fields Too Large", "JSON_TOO_LARGE"],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, "Payload Too Large", "JSON_TOO_LARGE"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request Timeout", "VALIDATION_ERROR"],
};
const NOT_HTTP =
  "The request is not well-formed HTTP/1.1 (request line, headers or chunked body): it was not read.";

// The server's "clientError" handler: HTTP Node cannot parse gets a 400 in the error shape and the
// connection closes (after a parse error nothing more on it can be trusted).
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // Node's own rule: write only when no response on this socket has started, else the peer
  // would read our bytes as part of that response.
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
  if (error.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, reason, code] = CLIENT_ERROR_STATUS[error.code ?? ""] ?? [
    400,
    "Bad Request",
    "VALIDATION_ERROR",
  ];
  const message = status === 400 ? NOT_HTTP : `The request was refused: ${reason.toLowerCase()}.`;
  endWithError(socket, `${status} ${reason}`, errorBody(code, message));
}

// The server's "connect" handler: the archive is no proxy. Without one Node drops the connection
// without a word.
export function answerConnect(_req: IncomingMessage, socket: Duplex): void {
  const message = "The archive is not a proxy: CONNECT is not supported.";
  endWithError(socket, "405 Method Not Allowed", errorBody("VALIDATION_ERROR", message));
}

// Writes a whole error response on a socket no ServerResponse owns, and closes it.
function endWithError(socket: Duplex, statusLine: string, text: string) {
  const head = `HTTP/1.1 ${statusLine}\r\nContent-Type: application/json; charset=utf-8\r\n`;
  const length = `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n`;
  socket.end(`${head}${length}${text}`, () => socket.destroy());
}
