// The parts of a fuzzed request to the archive: path values and query strings (percent escapes,
// malformed ones included), methods, headers and JSON bodies. Mostly near-valid, so that requests
// get past the first check. support/fuzz-cases.ts puts them together per route.
import fc from "fast-check";

export type Family = "ingest" | "preservation" | "uploads" | "oidc" | "archive";

// The API a request target belongs to, by its first segment (the rest is the archive's own).
export function familyOf(target: string): Family {
  const first = /^\/([^/?]*)/.exec(target)?.[1];
  if (first === "ingest" || first === "preservation" || first === "uploads" || first === "oidc")
    return first;
  return "archive";
}

export interface FuzzCase {
  family: Family;
  label: string;
  transport: "fetch" | "raw";
  method: string;
  // Path and query as sent.
  target: string;
  headers: Record<string, string>;
  body?: Uint8Array;
  // Raw only: the whole request, bytes as they go on the wire.
  bytes?: Buffer;
  // The client hangs up after sending (a truncated body): Node drops the request, so an answer
  // may never come; when one does, it is checked like any other.
  hangUp?: boolean;
}

export interface FuzzContext {
  archivistToken: string;
  adminToken: string;
  tenants: string[];
  tenantHeader: string;
  profile: string;
  schema: string;
  packageId: string;
  submissionName: string;
  upload: { key: string; query: string };
}

export const text = (value: string) => new TextEncoder().encode(value);
export const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 40,
});

// Every byte that is not unreserved, as %XX (UTF-8; a lone surrogate becomes U+FFFD's bytes).
export function pct(value: string): string {
  return [...Buffer.from(value, "utf8")]
    .map((b) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");
}

const ODD_SEGMENTS = [
  "%",
  "%E0",
  "%zz",
  "a%2",
  "%00",
  "a%00b",
  "%C0%AF",
  "%ED%A0%80",
  "%FF%FE",
  "%2F",
  "%2e%2e",
  "..",
  ".",
  "",
  "%25",
  "%u0041",
  "constructor",
  "__proto__",
  "toString",
  "x".repeat(2000),
];

export function segment(ctx: FuzzContext) {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(ctx.packageId, ctx.submissionName, "sip-1", "x") },
    { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 16 }).map(pct) },
    { weight: 2, arbitrary: fc.constantFrom(...ODD_SEGMENTS) },
    { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@-]{0,24}$/) },
  );
}

export function query(ctx: FuzzContext) {
  const pair = fc.tuple(segment(ctx), segment(ctx)).map(([k, v]) => `${k}=${v}`);
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant("") },
    {
      weight: 3,
      arbitrary: fc
        .array(pair, { minLength: 1, maxLength: 3 })
        .map((pairs) => `?${pairs.join("&")}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom("?%", "?a=%E0", `?${"&".repeat(50)}`, "?=", "?a=1&a=2&a=%00"),
    },
  );
}

export const STANDARD_METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"];
// Methods llhttp knows but no route takes, ones fetch may not send (TRACE, CONNECT), and ones
// llhttp does not know at all (a parse error).
export const ODD_METHODS = [
  "TRACE",
  "CONNECT",
  "PROPFIND",
  "PURGE",
  "M-SEARCH",
  "QUERY",
  "LINK",
  "SEARCH",
  "FOO",
];
export const FETCH_FORBIDDEN = new Set(["TRACE", "CONNECT", "TRACK"]);

export const method = (usual: string) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(usual) },
    { weight: 3, arbitrary: fc.constantFrom(...STANDARD_METHODS) },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_METHODS) },
  );

// Request headers fetch refuses to set or that change the framing: never generated as extras.
const RESERVED_HEADERS =
  /^(host|connection|content-length|transfer-encoding|keep-alive|upgrade|expect|te|trailer)$/i;

export function headers(ctx: FuzzContext) {
  const token = ctx.archivistToken;
  const authorization = fc.oneof(
    { weight: 6, arbitrary: fc.constant(`Bearer ${token}`) },
    { weight: 2, arbitrary: fc.constant(`Bearer ${ctx.adminToken}`) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: printable.map((s) => `Bearer ${s}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "Bearer",
        "Basic Zm9vOmJhcg==",
        `Bearer ${token}x`,
        `Bearer ${token.split(".").slice(0, 2).join(".")}.`,
        `bearer ${token}`,
      ),
    },
  );
  const tenant = fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: fc.constantFrom(...ctx.tenants, "nope", "") },
    { weight: 1, arbitrary: printable },
  );
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constant("application/json") },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/vnd.api+json",
        "application/json; charset=latin1",
        "*/*",
        "application/jsonx",
        "",
      ),
    },
    { weight: 1, arbitrary: printable },
  );
  const enrichers = fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "pluginreports",
        "permissions,metadata,breadcrumbs,representations,searchcolumns,userPackage",
        "",
        ",",
        "PluginReports, nope",
      ),
    },
    { weight: 1, arbitrary: printable },
  );
  const extra = fc.option(
    fc.tuple(
      fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,15}$/).filter((n) => !RESERVED_HEADERS.test(n)),
      printable,
    ),
    { nil: undefined },
  );
  return fc
    .record({ authorization, tenant, contentType, enrichers, extra })
    .map(({ authorization, tenant, contentType, enrichers, extra }) => {
      const result: Record<string, string> = {};
      if (authorization !== undefined) result.Authorization = authorization;
      if (tenant !== undefined) result[ctx.tenantHeader] = tenant;
      if (contentType !== undefined) result["Content-Type"] = contentType;
      if (enrichers !== undefined) result.enrichers = enrichers;
      const taken = (name: string) =>
        Object.keys(result).some((k) => k.toLowerCase() === name.toLowerCase());
      if (extra && !taken(extra[0])) result[extra[0]] = extra[1];
      return result;
    });
}

// A valid request object with some of its fields replaced by anything JSON can hold.
function mutated(base: Record<string, unknown>) {
  const keys = [...Object.keys(base), "extra", "__proto__"];
  return fc
    .dictionary(fc.constantFrom(...keys), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 2 })
    .map((changes) => ({ ...base, ...changes }));
}

// JSON bodies: near-valid ones, any JSON, broken JSON, and bytes that are not text.
export function jsonBody(bases: Record<string, unknown>[]) {
  const valid = fc.constantFrom(...bases);
  return fc.oneof(
    { weight: 2, arbitrary: valid.map((v) => text(JSON.stringify(v))) },
    { weight: 4, arbitrary: valid.chain(mutated).map((v) => text(JSON.stringify(v))) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => text(JSON.stringify(v))) },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.nat()).map(([v, n]) => {
        const s = JSON.stringify(v);
        return text(s.slice(0, n % s.length));
      }),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        text(""),
        text("null"),
        text("[".repeat(5000)),
        text(`${"[".repeat(3000)}${"]".repeat(3000)}`),
        text('{"a":"\\ud800"}'),
        text('{"a":"\\u0000"}'),
        text(`"${"x".repeat(100_000)}"`),
      ),
    },
  );
}

// The bytes of a request the fields of `c` describe (for raw cases not given as bytes).
export function requestBytes(c: FuzzCase): Buffer {
  if (c.bytes) return c.bytes;
  const body = c.method === "GET" || c.method === "HEAD" ? undefined : c.body;
  const lines = [
    `${c.method} ${c.target} HTTP/1.1`,
    "Host: localhost",
    "Connection: close",
    ...Object.entries(c.headers).map(([k, v]) => `${k}: ${v}`),
  ];
  if (body) lines.push(`Content-Length: ${body.length}`);
  return Buffer.concat([
    Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"),
    Buffer.from(body ?? []),
  ]);
}
