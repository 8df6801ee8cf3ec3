import "server-only";
// The static lane: the client's scripts and styles (/_next/static/...) answered from the brotli
// copies `next build` leaves beside them (lib/server/precompress.ts), by sirv, straight from Node's
// request event. Next.js serves these files gzipped, compressing each on every request; brotli at
// its highest quality makes them about 14 % smaller again (the overview's 168 KiB of gzipped
// scripts are 145 in brotli), which every page load carries. A browser that does not accept
// brotli, a file without a copy (a build that did not make them) and any method but GET and HEAD
// go to Next.js as before.
import { readdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import sirv from "sirv";
import { laneHeaders } from "@/lib/security/response-headers";

const PREFIX = "/_next/static";
// The names Next.js gives its assets: no escapes, no "..", nothing a file name needs decoding for.
const ASSET_PATH = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9_.~-]*)+$/;

// Whether an Accept-Encoding header accepts brotli (named, and not with q=0).
export function acceptsBrotli(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  return value.split(",").some((part) => {
    const [name, ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    if (name !== "br") return false;
    const q = params.find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

// The assets of `staticDir` with a brotli copy, as request paths under it ("/chunks/a.js").
function brotliCopies(staticDir: string): Set<string> {
  const found = new Set<string>();
  let names: string[];
  try {
    names = readdirSync(staticDir, { recursive: true, encoding: "utf8" });
  } catch {
    return found;
  }
  for (const name of names) {
    if (name.endsWith(".br")) found.add(`/${name.slice(0, -3).split(path.sep).join("/")}`);
  }
  return found;
}

export type StaticLane = (request: IncomingMessage, response: ServerResponse) => boolean;

// A lane over the build's static folder (`.next/static`), read once: a build replaces the folder
// and restarts the server.
export function createStaticLane(staticDir: string): StaticLane {
  const copies = brotliCopies(staticDir);
  if (copies.size === 0) return () => false;
  const headers = laneHeaders();
  const serve = sirv(staticDir, {
    dev: false,
    etag: true,
    maxAge: 31_536_000,
    immutable: true,
    brotli: true,
    setHeaders(response) {
      for (const { key, value } of headers) response.setHeader(key, value);
    },
  });
  return (request, response) => {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    const target = request.url ?? "";
    if (!target.startsWith(`${PREFIX}/`)) return false;
    const query = target.indexOf("?");
    const asset = (query === -1 ? target : target.slice(0, query)).slice(PREFIX.length);
    if (!ASSET_PATH.test(asset) || !copies.has(asset)) return false;
    if (!acceptsBrotli(request.headers["accept-encoding"])) return false;
    request.url = asset;
    let served = true;
    serve(request, response, () => {
      served = false;
    });
    if (!served) request.url = target;
    return served;
  };
}
