// Requests Next.js cannot take, refused before it sees them. Next.js builds a WHATWG Request from
// every incoming message, decodes the path's percent-escapes while routing and parses the router
// state header of client navigations (which proxy.ts never sees); a method the Fetch standard
// forbids (TRACE, TRACK, CONNECT), a malformed escape (/objects/%ff) or a router state that does
// not parse makes it throw and answer 500 before proxy.ts or any route handler runs. Here they get
// a 4xx instead: the error shape under /api, a sentence elsewhere.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { parseAndValidateFlightRouterState } from "next/dist/server/app-render/parse-and-validate-flight-router-state";
import { ApiError } from "@/lib/api/errors";

// What the dashboard serves. Anything else (TRACE, PROPFIND, lower-case "get") is refused.
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

export interface FrontDoorAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

// The path of a request-target: origin-form ("/a?b"), or absolute-form from a proxy
// ("http://host/a?b", whose empty path is "/"); anything else ("*", "host:443") as it is.
function pathOf(target: string): string {
  const end = target.search(/[?#]/);
  const path = end === -1 ? target : target.slice(0, end);
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(path);
  return absolute ? path.slice(absolute[0].length) || "/" : path;
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

function answer(
  path: string,
  error: ApiError,
  headers: Record<string, string> = {},
): FrontDoorAnswer {
  const common = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", ...headers };
  // As the router will see it: dot segments ("/api/x/../../objects") resolved.
  const routed = URL.canParse(`http://x${path}`) ? new URL(`http://x${path}`).pathname : path;
  if (routed.startsWith("/api/") || routed === "/api") {
    return {
      status: error.status,
      headers: { ...common, "Content-Type": "application/json" },
      body: JSON.stringify(error.toJSON()),
    };
  }
  return {
    status: error.status,
    headers: { ...common, "Content-Type": "text/plain; charset=utf-8" },
    body: `${error.message}\n`,
  };
}

// The files of public/ (front-door.test.ts checks the list against the folder). Next.js serves
// them to GET and HEAD; any other method there makes it throw and answer 500.
export const PUBLIC_FILES: readonly string[] = [
  "/favicon.ico",
  "/favicon.svg",
  "/icon-192.png",
  "/icon-512.png",
  "/manifest.webmanifest",
  "/robots.txt",
];
const READ_ONLY = ["GET", "HEAD"];

// The path as Next.js routes it: dot segments resolved, percent-escapes decoded.
function routedPath(path: string): string {
  const resolved = URL.canParse(`http://x${path}`) ? new URL(`http://x${path}`).pathname : path;
  try {
    return decodeURIComponent(resolved);
  } catch {
    return resolved;
  }
}

const ROUTER_STATE_HEADER = "next-router-state-tree";

// Next.js's own parser decides, so a state it would take is never refused.
function routerStateParses(value: string): boolean {
  try {
    parseAndValidateFlightRouterState(value);
    return true;
  } catch {
    return false;
  }
}

// The answer to a request Next.js would fail on, or null to let Next.js handle it.
export function frontDoorAnswer(
  method: string | undefined,
  target: string | undefined,
  headers: Record<string, string | string[] | undefined> = {},
): FrontDoorAnswer | null {
  const path = pathOf(target ?? "/");
  if (!method || !ALLOWED_METHODS.includes(method)) {
    return answer(
      path,
      new ApiError(
        "METHOD_NOT_ALLOWED",
        `The dashboard does not answer ${method ? `the method ${method.slice(0, 20)}` : "this method"}: use one of ${ALLOWED_METHODS.join(", ")}.`,
      ),
      { Allow: ALLOWED_METHODS.join(", ") },
    );
  }
  // Next.js builds the request's URL from the Host header; one that is no host ("%ff", a byte
  // outside ASCII) ends the connection without an answer.
  const host = headers.host;
  if (host !== undefined && (Array.isArray(host) || !URL.canParse(`http://${host}/`))) {
    return answer(path, new ApiError("VALIDATION_ERROR", "The Host header is not a host name."));
  }
  if (!path.startsWith("/")) {
    // "OPTIONS *" asks what the server as a whole allows.
    if (method === "OPTIONS" && target === "*") {
      return { status: 204, headers: { Allow: ALLOWED_METHODS.join(", ") }, body: "" };
    }
    return answer(
      path,
      new ApiError("VALIDATION_ERROR", "The request-target must be a path such as /objects."),
    );
  }
  if (!decodes(path)) {
    return answer(
      path,
      new ApiError(
        "VALIDATION_ERROR",
        "The address has a malformed percent-escape (a % not followed by UTF-8 encoded as %XX). Encode the path with encodeURIComponent.",
      ),
    );
  }
  if (!READ_ONLY.includes(method) && PUBLIC_FILES.includes(routedPath(path))) {
    return answer(
      path,
      new ApiError("METHOD_NOT_ALLOWED", `${routedPath(path)} is a file: it answers GET and HEAD.`),
      { Allow: READ_ONLY.join(", ") },
    );
  }
  // proxy.ts, which checks Server Actions, does not run for prefetches; a browser's are GETs.
  const prefetch = headers["next-router-prefetch"] !== undefined || headers.purpose === "prefetch";
  if (prefetch && method !== "GET" && method !== "HEAD") {
    return answer(path, new ApiError("VALIDATION_ERROR", "A prefetch must be a GET request."));
  }
  const routerState = headers[ROUTER_STATE_HEADER];
  if (
    routerState !== undefined &&
    (Array.isArray(routerState) || !routerStateParses(routerState))
  ) {
    return answer(
      path,
      new ApiError(
        "VALIDATION_ERROR",
        `The ${ROUTER_STATE_HEADER} header does not hold a router state. Reload the page.`,
      ),
    );
  }
  return null;
}

// Where a page asked for at a loopback address (127.0.0.1, [::1]) of a dashboard whose address is
// localhost lives: the same path at localhost. Sign-in cookies and the identity provider's callback
// belong to the dashboard's address, so a sign-in begun at 127.0.0.1 could only fail ("the sign-in
// settings are wrong"). Only a browser's page requests move (GET or HEAD, asking for HTML, outside
// /api and /_next): scripts checking /api/health at 127.0.0.1 get their answer. Null leaves the
// request as it is.
export function loopbackRedirect(
  method: string | undefined,
  target: string | undefined,
  headers: Record<string, string | string[] | undefined>,
  appUrl: string,
): string | null {
  const { host, accept } = headers;
  if ((method !== "GET" && method !== "HEAD") || typeof host !== "string") return null;
  if (typeof accept !== "string" || !accept.includes("text/html")) return null;
  if (!target?.startsWith("/") || target.startsWith("//")) return null;
  if (/^\/(api|_next)(\/|$|\?)/.test(target)) return null;
  let app: URL;
  let asked: URL;
  try {
    app = new URL(appUrl);
    asked = new URL(`${app.protocol}//${host}/`);
  } catch {
    return null;
  }
  const loopback = /^127(\.\d{1,3}){3}$/.test(asked.hostname) || asked.hostname === "[::1]";
  if (app.hostname !== "localhost" || !loopback || asked.port !== app.port) return null;
  return `${app.origin}${target}`;
}

// What Node.js itself answers a request its parser refuses (an unknown method such as TRACK, a
// broken request line, oversized headers), in the error shape instead of an empty body.
export function parserRefusal(code: string | undefined): FrontDoorAnswer {
  const error =
    code === "HPE_HEADER_OVERFLOW"
      ? new ApiError("HEADERS_TOO_LARGE", "The request's headers are too large.")
      : code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? new ApiError("REQUEST_TIMEOUT", "The request took too long to arrive.")
        : new ApiError(
            "VALIDATION_ERROR",
            `The request is not valid HTTP/1.1${code ? ` (${code})` : ""}: check the method, the address and the headers.`,
          );
  return answer("/api", error);
}

// An answer written straight to a connection that has no ServerResponse; the connection closes
// once it is sent.
function writeRefusal(socket: Socket, refusal: FrontDoorAnswer): void {
  const head = Object.entries({
    ...refusal.headers,
    Connection: "close",
    "Content-Length": String(Buffer.byteLength(refusal.body)),
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_TEXT[refusal.status] ?? "Error"}\r\n${head}\r\n${refusal.body}`,
    () => socket.destroy(),
  );
}

function refuseTunnel(request: IncomingMessage, socket: Socket): void {
  writeRefusal(socket, frontDoorAnswer(request.method, request.url)!);
}

function writeParserRefusal(error: Error & { code?: string }, socket: Socket): void {
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  // As Node.js does: answer only when no response has started on this connection.
  if (socket.writable && (!inFlight || !inFlight.headersSent)) {
    writeRefusal(socket, parserRefusal(error.code));
  } else {
    socket.destroy(error);
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  405: "Method Not Allowed",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
};

type Emit = Server["emit"];
const INSTALLED = Symbol.for("scriptorium.frontDoor");

// What may answer a request that passed the checks before Next.js does (the direct lane); false
// leaves it to Next.js.
export type BeforeNext = (request: IncomingMessage, response: ServerResponse) => boolean;

// Puts the checks in front of every HTTP server of this process: `next start` creates its server
// itself, so its "request" and "clientError" events are the first place the dashboard's code can
// see a request.
export function installFrontDoor(
  serverClass: { prototype: Server },
  beforeNext: BeforeNext = () => false,
  // The dashboard's own address (APP_URL), for loopbackRedirect.
  appUrl = "http://localhost:3000",
): void {
  const prototype = serverClass.prototype as Server & { [INSTALLED]?: true };
  if (prototype[INSTALLED]) return;
  prototype[INSTALLED] = true;
  const emit: Emit = prototype.emit;
  prototype.emit = function frontDoorEmit(
    this: Server,
    event: string | symbol,
    ...args: unknown[]
  ) {
    // CONNECT asks for a tunnel; without a "connect" listener Node.js drops the connection
    // without a word, so one answers it (listeners count only once a connection arrives).
    if (event === "connection" && this.listenerCount("connect") === 0) {
      this.on("connect", refuseTunnel);
    }
    if (event === "clientError" && this.listenerCount("clientError") === 0) {
      writeParserRefusal(args[0] as Error, args[1] as Socket);
      return true;
    }
    if (event === "request") {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      const refusal = frontDoorAnswer(request.method, request.url, request.headers);
      if (refusal) {
        response.writeHead(refusal.status, {
          ...refusal.headers,
          "Content-Length": String(Buffer.byteLength(refusal.body)),
        });
        response.end(request.method === "HEAD" ? undefined : refusal.body);
        return true;
      }
      const moved = loopbackRedirect(request.method, request.url, request.headers, appUrl);
      if (moved) {
        response.writeHead(308, { Location: moved, "Content-Length": "0" });
        response.end();
        return true;
      }
      if (beforeNext(request, response)) return true;
    }
    return (emit as (...all: unknown[]) => boolean).call(this, event, ...args);
  } as Emit;
}
