import "server-only";
// One HTTP exchange with an upstream API: bearer token, per-call timeout, retries with back-off
// for idempotent reads only, and the body read as JSON whatever the status (the preservation API
// may answer errors with 400 and the same envelope as a success).
import http from "node:http";
import https from "node:https";
import { ApiError } from "./errors";

export interface UpstreamSettings {
  timeoutMs: number;
  // Extra attempts after the first, for idempotent calls only.
  retries: number;
  // First back-off; doubled per attempt, with jitter.
  backoffMs: number;
  // Answers larger than this are refused rather than buffered.
  maxResponseBytes: number;
  // Sees every request as it is sent (tests count upstream calls here).
  observe?: (call: SentCall) => void;
}

export interface SentCall {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
}

export interface UpstreamRequest {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: URL;
  token: string;
  headers?: Record<string, string>;
  body?: string;
  idempotent: boolean;
  // The caller's own request: when it goes away, so does the upstream call.
  signal?: AbortSignal;
}

export interface UpstreamAnswer {
  status: number;
  headers: Headers;
  // The parsed JSON body, or undefined when the body is empty or not JSON.
  json: unknown;
}

export const DEFAULT_UPSTREAM_SETTINGS = {
  retries: 2,
  backoffMs: 150,
  // Generous for RetrievePO's base64 content, bounded so one answer cannot exhaust the server.
  maxResponseBytes: 64 * 1024 * 1024,
} as const;

// Gateway failures that a second attempt may not meet; anything else is the archive's answer.
const RETRYABLE_STATUS = new Set([502, 503, 504]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Connections to the archive are kept open between calls: a new TCP connection per call cost as
// much as the call. Node's http client, not fetch: under the proxy benchmark fetch's WHATWG
// streams, signals and Request objects cost more CPU than the rest of a proxied call.
const AGENT_OPTIONS = {
  keepAlive: true,
  keepAliveMsecs: 10_000,
  maxSockets: 256,
  maxFreeSockets: 64,
};
const agents = { http: new http.Agent(AGENT_OPTIONS), https: new https.Agent(AGENT_OPTIONS) };

function tooLarge(limit: number) {
  return new ApiError(
    "UPSTREAM_ERROR",
    `The archive's answer is larger than ${Math.round(limit / 1024 / 1024)} MB, more than the dashboard relays. Ask for less at a time.`,
  );
}

function parseJson(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function seconds(ms: number): string {
  const n = Math.max(1, Math.round(ms / 1000));
  return n === 1 ? "1 second" : `${n} seconds`;
}

class UpstreamTimeout extends Error {
  override name = "TimeoutError";
}

// A kept-alive connection the archive had closed as it went idle, found closed when reused: the
// request never reached the archive (Node.js's documentation of `request.reusedSocket` names this
// race and this answer), so it is sent once more on a new connection, whatever its method.
class StaleConnection extends Error {
  override name = "StaleConnectionError";
}
const STALE_CODES = new Set(["ECONNRESET", "EPIPE"]);

function headersOf(message: http.IncomingMessage): Headers {
  const headers = new Headers();
  const raw = message.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}

// One exchange: the status, the headers and the body as text, read up to the settings' limit.
function attempt(settings: UpstreamSettings, request: UpstreamRequest): Promise<UpstreamAnswer> {
  const headers: Record<string, string> = {
    accept: "application/json",
    authorization: `Bearer ${request.token}`,
    ...request.headers,
  };
  const body = request.body === undefined ? undefined : Buffer.from(request.body, "utf8");
  if (body) {
    headers["content-type"] = "application/json";
    headers["content-length"] = String(body.length);
  }
  settings.observe?.({ method: request.method, url: request.url, headers, body: request.body });
  const secure = request.url.protocol === "https:";
  return new Promise((resolve, reject) => {
    const outgoing = (secure ? https : http).request(
      request.url,
      { method: request.method, headers, agent: secure ? agents.https : agents.http },
      (incoming) => {
        const limit = settings.maxResponseBytes;
        if (Number(incoming.headers["content-length"] ?? "0") > limit) {
          incoming.destroy();
          finish(tooLarge(limit));
          return;
        }
        const chunks: Buffer[] = [];
        let received = 0;
        incoming.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received > limit) {
            incoming.destroy();
            finish(tooLarge(limit));
          } else chunks.push(chunk);
        });
        incoming.on("error", (error) => finish(error));
        incoming.on("close", () => {
          if (!incoming.complete) finish(new Error("the archive's answer was cut off"));
        });
        incoming.on("end", () =>
          finish(undefined, {
            status: incoming.statusCode ?? 502,
            headers: headersOf(incoming),
            json: parseJson(Buffer.concat(chunks).toString("utf8")),
          }),
        );
      },
    );
    const timer = setTimeout(() => {
      outgoing.destroy(new UpstreamTimeout("the archive did not answer in time"));
    }, settings.timeoutMs);
    const onAbort = () => outgoing.destroy(request.signal?.reason as Error);
    request.signal?.addEventListener("abort", onAbort, { once: true });
    let done = false;
    function finish(error?: unknown, answer?: UpstreamAnswer) {
      if (done) return;
      done = true;
      clearTimeout(timer);
      request.signal?.removeEventListener("abort", onAbort);
      if (answer) resolve(answer);
      else reject(error);
    }
    let answered = false;
    outgoing.on("response", () => {
      answered = true;
    });
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      const stale = outgoing.reusedSocket && !answered && STALE_CODES.has(error.code ?? "");
      finish(stale ? new StaleConnection(error.message, { cause: error }) : error);
    });
    if (request.signal?.aborted) onAbort();
    outgoing.end(body);
  });
}

// Sends one request upstream. Throws ApiError UPSTREAM_TIMEOUT or UPSTREAM_UNAVAILABLE when no
// answer came; any answer, whatever its status, is returned for the caller to map.
export async function callUpstream(
  settings: UpstreamSettings,
  request: UpstreamRequest,
): Promise<UpstreamAnswer> {
  const attempts = request.idempotent ? 1 + settings.retries : 1;
  let staleRetried = false;
  for (let n = 1; ; n++) {
    try {
      const answer = await attempt(settings, request).catch((error: unknown) => {
        if (!(error instanceof StaleConnection) || staleRetried || request.signal?.aborted)
          throw error;
        staleRetried = true;
        return attempt(settings, request);
      });
      if (n < attempts && RETRYABLE_STATUS.has(answer.status)) {
        await sleep(settings.backoffMs * 2 ** (n - 1) * (0.5 + Math.random()));
        continue;
      }
      return answer;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (error instanceof UpstreamTimeout) {
        // Not retried: a second wait as long as the first would double what the person waits.
        throw new ApiError(
          "UPSTREAM_TIMEOUT",
          `The archive did not answer within ${seconds(settings.timeoutMs)}. It may be busy; try again in a moment.`,
        );
      }
      if (request.signal?.aborted) throw error;
      if (n < attempts) {
        await sleep(settings.backoffMs * 2 ** (n - 1) * (0.5 + Math.random()));
        continue;
      }
      throw new ApiError(
        "UPSTREAM_UNAVAILABLE",
        "The archive could not be reached. Check that it is running, then try again.",
      );
    }
  }
}

export type PathPart = string | { field: string; value: string };

// The URL under `base` of fixed parts (trusted literals) and path values (each encoded as exactly
// one segment). "." and ".." are refused: no encoding stops URL parsing from resolving them.
export function upstreamUrl(base: string, ...parts: PathPart[]): URL {
  const segments = parts.map((part) => {
    if (typeof part === "string") return part;
    if (part.value === "." || part.value === "..") {
      throw new ApiError(
        "VALIDATION_ERROR",
        `${part.field} may not be "." or "..": the archive cannot be asked for it by URL`,
        { field: part.field },
      );
    }
    // No identifier has them, and some stores fail on them (NUL) instead of answering "not found".
    if (/[\u0000-\u001f\u007f]/.test(part.value)) {
      throw new ApiError("VALIDATION_ERROR", `${part.field} may not contain control characters`, {
        field: part.field,
      });
    }
    if (!part.value.isWellFormed()) {
      // A lone surrogate has no UTF-8 form, so no URL can carry it.
      throw new ApiError(
        "VALIDATION_ERROR",
        `${part.field} contains a character that is not valid text`,
        {
          field: part.field,
        },
      );
    }
    return encodeURIComponent(part.value);
  });
  const basePath = new URL(base).pathname.replace(/\/$/, "");
  const path = `${basePath}/${segments.join("/")}`;
  const url = new URL(path, base);
  // Belt and braces: whatever was given, the request goes exactly where the parts say.
  if (url.pathname !== path || url.search !== "" || url.hash !== "") {
    throw new ApiError("VALIDATION_ERROR", "A path value cannot be sent to the archive as it is.");
  }
  return url;
}
