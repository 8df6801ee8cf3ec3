import "server-only";
// The direct lane: the proxy routes (/api/ingest/..., /api/preservation/...) answered by their own
// handler straight from Node's request event, without Next.js's router in between. Measured on the
// reference machine, Next.js spends about 4 ms of CPU on an empty route handler (an /api/health
// behind it served 240-280 requests/s where the archive served 1,800), ten times what the archive
// spends on a whole call; on a proxied call that cost dominated everything else.
//
// Nothing about a call changes but the router: the handler is the route module's own export, with
// the same wrapper (same-origin, session, tenant, role, audit log, error shape), and the answer
// carries the same security headers. A request takes this lane only when its session cookie was
// found valid a moment ago (lib/auth/session-cache.ts), the session the wrapper then uses; any
// other request (signed out, a session due to be touched, a method the route does not serve, a
// path in another shape) goes to Next.js as before, which also refreshes that cache.
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { CheckedSession } from "@/lib/auth/session-store";
import { sessionCookieKey } from "@/lib/auth/session-cache";
import { getDirectLaneScope, getDirectRoutes, getSessionCache } from "@/lib/server/container";
import { ApiError, errorResponse } from "@/lib/api/errors";
import { jsonTextOf } from "@/lib/api/json-response";
import { laneHeaders } from "@/lib/security/response-headers";

type Segment<P> = { params: Promise<P> };
export type RouteHandler<P> = (request: Request, segment: Segment<P>) => Promise<Response>;

export interface DirectRoute {
  // "/api/preservation/[operation]" split at "/": literal segments and "[name]" parameters.
  segments: string[];
  method: string;
  handler: RouteHandler<Record<string, string>>;
}

// Registers a route module's handlers for the direct lane, after their export:
// `directLane("/api/preservation/[operation]", { POST })`. The template must be the route's own
// folder under app/ (test/direct-routes.test.ts checks it).
export function directLane(
  template: string,
  handlers: Partial<Record<"GET" | "POST" | "PUT" | "DELETE", RouteHandler<never>>>,
): void {
  const routes = getDirectRoutes();
  const segments = template.split("/").slice(1);
  for (const [method, handler] of Object.entries(handlers)) {
    const route = { segments, method, handler: handler as RouteHandler<Record<string, string>> };
    const known = routes.findIndex(
      (r) => r.method === method && r.segments.join("/") === segments.join("/"),
    );
    // A module evaluated again (another bundle, a test) replaces its earlier registration.
    if (known === -1) routes.push(route);
    else routes[known] = route;
  }
}

// The session the lane found for the request being handled; the /api wrapper's getSession()
// answers it. Kept by the container: this module has a copy in each bundle.
export function directLaneSession(): CheckedSession | undefined {
  return getDirectLaneScope().getStore();
}

const PATH_CHARS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;

// The route and its decoded parameters for a path, or null. Paths Next.js would rewrite or refuse
// first (dot segments, empty segments, a trailing slash) are left to it.
export function matchDirectRoute(
  routes: readonly DirectRoute[],
  method: string,
  path: string,
): { route: DirectRoute; params: Record<string, string> } | null {
  // Only characters URL parsing keeps as they are: "\\" and the like would be rewritten by it.
  if (!path.startsWith("/api/") || path.endsWith("/") || !PATH_CHARS.test(path)) return null;
  const parts = path.split("/").slice(1);
  if (parts.some((part) => part === "" || part === "." || part === ".." || /%2e/i.test(part))) {
    return null;
  }
  for (const route of routes) {
    if (route.method !== method || route.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let matches = true;
    for (let i = 0; i < parts.length && matches; i++) {
      const wanted = route.segments[i]!;
      const part = parts[i]!;
      if (wanted.startsWith("[")) {
        try {
          params[wanted.slice(1, -1)] = decodeURIComponent(part);
        } catch {
          matches = false;
        }
      } else matches = wanted === part;
    }
    if (matches) return { route, params };
  }
  return null;
}

// `name=value` pairs of a Cookie header, as next/headers would list them.
function cookiesOf(header: string | undefined): { name: string; value: string }[] {
  if (!header) return [];
  return header.split(";").flatMap((pair) => {
    const at = pair.indexOf("=");
    if (at === -1) return [];
    return [{ name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() }];
  });
}

// Bodies up to this size are read before the handler runs and handed to it whole; larger ones
// (ingests of up to 10 MB) are streamed, and the handler's own reader enforces its limit.
const WHOLE_BODY_BYTES = 64 * 1024;

async function bodyOf(message: IncomingMessage): Promise<BodyInit | null> {
  if (message.method === "GET" || message.method === "HEAD") return null;
  const declared = Number(message.headers["content-length"]);
  if (!(declared <= WHOLE_BODY_BYTES)) return Readable.toWeb(message) as ReadableStream<Uint8Array>;
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  return chunks.length === 0 ? null : Buffer.concat(chunks);
}

async function webRequest(message: IncomingMessage, signal: AbortSignal): Promise<Request> {
  const headers = new Headers();
  const raw = message.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const body = await bodyOf(message);
  return new Request(`http://${message.headers.host ?? "localhost"}${message.url ?? "/"}`, {
    method: message.method,
    headers,
    signal,
    ...(body === null ? {} : { body, duplex: "half" as const }),
  } as RequestInit);
}

const LANE_HEADERS = laneHeaders();

async function writeAnswer(answer: Response, response: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  for (const { key, value } of LANE_HEADERS) headers[key] = value;
  answer.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  if (!answer.body) {
    response.writeHead(answer.status, headers);
    response.end();
    return;
  }
  // JSON answers are whole: one write, of the text kept beside the Response when the dashboard
  // made it. Anything else (file contents) is streamed.
  const text = jsonTextOf(answer);
  if (text !== undefined || answer.headers.get("content-type")?.startsWith("application/json")) {
    const body = text !== undefined ? Buffer.from(text) : Buffer.from(await answer.arrayBuffer());
    headers["content-length"] = String(body.length);
    response.writeHead(answer.status, headers);
    response.end(body);
    return;
  }
  response.writeHead(answer.status, headers);
  const stream = Readable.fromWeb(answer.body as WebReadableStream);
  await new Promise<void>((resolve) => {
    stream.on("error", () => response.destroy());
    response.on("close", () => {
      stream.destroy();
      resolve();
    });
    stream.pipe(response);
  });
}

// Answers `message` in the direct lane when it can; false leaves it to Next.js.
export function answerInDirectLane(message: IncomingMessage, response: ServerResponse): boolean {
  const method = message.method ?? "GET";
  const target = message.url ?? "/";
  const query = target.indexOf("?");
  const path = query === -1 ? target : target.slice(0, query);
  const found = matchDirectRoute(getDirectRoutes(), method, path);
  if (!found) return false;
  const key = sessionCookieKey(cookiesOf(message.headers.cookie));
  const checked = key ? getSessionCache().peek(key) : null;
  if (!checked) return false;

  // As Next.js does: the handler's request is aborted when the caller goes away.
  const aborter = new AbortController();
  response.on("close", () => {
    if (!response.writableFinished) aborter.abort();
  });
  getDirectLaneScope()
    .run(checked, async () => {
      const request = await webRequest(message, aborter.signal);
      return found.route.handler(request, { params: Promise.resolve(found.params) });
    })
    .then((answer) => writeAnswer(answer, response))
    .catch((error: unknown) => {
      // The route's wrapper answers every failure of its own; what is left is a request that
      // cannot be read (its body broke off) or an answer that could not be written.
      console.error("direct lane: no answer could be given", error);
      if (response.headersSent) {
        response.destroy();
        return;
      }
      const refusal = errorResponse(
        new ApiError("VALIDATION_ERROR", "The request could not be read: send it again."),
      );
      void writeAnswer(refusal, response).catch(() => response.destroy());
    });
  return true;
}
