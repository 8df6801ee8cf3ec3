// What the fuzz suite sends: fast-check arbitraries for a request to any route, with hostile path
// segments, queries, headers and bodies, signed out or as one of the signed-in users.
import fc from "fast-check";
import { fillRoute, type RouteTemplate } from "./routes";
import {
  CONTENT_TYPES,
  KNOWN_SEGMENTS,
  METHODS,
  NASTY_SEGMENTS,
  ODD_METHODS,
  QUERY_KEYS,
  QUERY_VALUES,
} from "./values";

export type Identity = "signed-out" | "forged-cookie" | "archivist" | "admin";

export interface FuzzCase {
  // The route template aimed at, e.g. "/objects/[poId]".
  route: string;
  method: string;
  // Printable ASCII only: node:http refuses anything else in a request-target.
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  identity: Identity;
}

export interface CaseContext {
  appOrigin: string;
  // Server Action ids read from the dashboard's own pages, so some actions are real.
  actionIds: string[];
}

// Encodes what node:http accepts; lone surrogates become U+FFFD first.
function encodeSegment(text: string): string {
  return encodeURIComponent(text.toWellFormed());
}

const segment = fc.oneof(
  { weight: 3, arbitrary: fc.stringMatching(/^[A-Za-z0-9._-]{1,16}$/) },
  { weight: 2, arbitrary: fc.constantFrom(...KNOWN_SEGMENTS) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_SEGMENTS) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.stringMatching(/^[a-z0-9]{0,6}$/), fc.constantFrom(...NASTY_SEGMENTS))
      .map(([a, b]) => `${a}${b}`),
  },
  {
    weight: 2,
    arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }).map(encodeSegment),
  },
  {
    weight: 1,
    arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 12 }).map(encodeSegment),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 200, max: 400 }), fc.constantFrom(..."AbZ09xQ"))
      .map(([length, letter]) => letter.repeat(length)),
  },
);

const query = fc.oneof(
  { weight: 3, arbitrary: fc.constant("") },
  // Where to go after signing in: the redirect a signed-in visitor of /sign-in is sent to.
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(...NASTY_SEGMENTS, ...QUERY_VALUES)
      .map((value) => `?callbackUrl=/${value}/evil.example`),
  },
  {
    weight: 3,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.constantFrom(...QUERY_KEYS),
          fc.oneof(segment, fc.constantFrom(...QUERY_VALUES)),
        ),
        { minLength: 1, maxLength: 4 },
      )
      .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom("?", "?&", "?=", "?a", "?%", "?a=%ff", "?a[]=1&a[]=2", "#x"),
  },
);

const origin = (ctx: CaseContext) =>
  fc.constantFrom<string | undefined>(
    undefined,
    ctx.appOrigin,
    ctx.appOrigin,
    "https://evil.example",
    "null",
    "garbage",
    "http://localhost",
    "http://127.0.0.1:1",
    "file://",
    "http://[::1]:99999",
  );

const contentType = fc.constantFrom<string | undefined>(undefined, ...CONTENT_TYPES);

const actionId = (ctx: CaseContext) =>
  fc.oneof(
    fc.constantFrom("abc", "0", "", "x".repeat(200)),
    fc.stringMatching(/^[0-9a-f]{40,42}$/),
    ...(ctx.actionIds.length > 0 ? [fc.constantFrom(...ctx.actionIds)] : []),
  );

const printable = fc.stringMatching(/^[\x20-\x7e]{0,40}$/);

// A few of the headers Next.js and the routes read, each with odd values: most cases carry none
// or two, so that whatever a status comes from can be told.
function headers(ctx: CaseContext) {
  const choices: Record<string, fc.Arbitrary<string | undefined>> = {
    origin: origin(ctx),
    "content-type": contentType,
    "next-action": actionId(ctx),
    rsc: fc.constantFrom("1", "0", "garbage"),
    "next-router-state-tree": fc.oneof(
      printable,
      fc.constantFrom(
        "%5B%22%22%2C%7B%7D%5D",
        "%7B",
        "%5B%22%2F%22%2C%7B%7D%2Cnull%2Cnull%2Ctrue%5D",
      ),
    ),
    "next-router-prefetch": fc.constantFrom("1", "2"),
    "next-router-segment-prefetch": fc.constantFrom("/_tree", "/x", "garbage"),
    "next-url": fc.constantFrom("/objects", "%ff", "//evil.example"),
    "sec-fetch-site": fc.constantFrom("same-origin", "cross-site", "none", "garbage"),
    "sec-fetch-dest": fc.constantFrom("document", "image", "empty"),
    accept: fc.constantFrom(
      "text/html",
      "application/json",
      "text/event-stream",
      "*/*",
      "text/x-component",
    ),
    "x-forwarded-host": fc.constantFrom("evil.example", "", "a,b", "%ff"),
    "x-forwarded-proto": fc.constantFrom("https", "gopher", ""),
    range: fc.constantFrom(
      "bytes=0-10",
      "bytes=garbage",
      "bytes=-5",
      "bytes=99999999-",
      "items=0-1",
    ),
    "if-none-match": printable,
    "content-encoding": fc.constantFrom("gzip", "br", "garbage"),
    "x-vendor-repository": fc.constantFrom("demo", "research", "someone-elses"),
    "last-event-id": printable,
  };
  return fc
    .subarray(Object.keys(choices), { maxLength: 4 })
    .chain((names) =>
      fc.tuple(...names.map((name) => choices[name]!.map((value) => [name, value] as const))),
    )
    .map((pairs) =>
      Object.fromEntries(
        pairs.filter((pair): pair is readonly [string, string] => pair[1] !== undefined),
      ),
    );
}

const multipart = (ctx: CaseContext) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.stringMatching(/^[a-z$_0-9]{1,12}$/),
          ...(ctx.actionIds.length > 0
            ? [fc.constantFrom(...ctx.actionIds.map((id) => `$ACTION_ID_${id}`))]
            : []),
          fc.constantFrom("$ACTION_REF_1", "1_$ACTION_ID_abc", "0", "callbackUrl"),
        ),
        fc.oneof(printable, fc.json()),
      ),
      { maxLength: 4 },
    )
    .chain((fields) =>
      fc
        .constantFrom(
          // Well formed, truncated, or without its closing delimiter.
          (text: string) => text,
          (text: string) => text.slice(0, Math.floor(text.length / 2)),
          (text: string) => text.replace(/--fuzzboundary--\r\n$/, ""),
        )
        .map((cut) =>
          cut(
            `${fields.map(([name, value]) => `--fuzzboundary\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("")}--fuzzboundary--\r\n`,
          ),
        ),
    );

function body(ctx: CaseContext) {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<Buffer | undefined>(undefined) },
    { weight: 3, arbitrary: fc.json().map((text) => Buffer.from(text)) },
    {
      weight: 2,
      arbitrary: fc.jsonValue().map((value) =>
        Buffer.from(
          JSON.stringify({
            fourEyes: "x",
            poId: "po-1",
            comment: "",
            tenant: "demo",
            data: value,
          }),
        ),
      ),
    },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)) },
    { weight: 2, arbitrary: multipart(ctx).map((text) => Buffer.from(text)) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          "[]",
          '["$K1"]',
          '{"__proto__":{}}',
          '"\\ud800"',
          '{"a":"\\u0000"}',
          "a=b&c=%ff",
          "1".repeat(70_000),
        )
        .map((text) => Buffer.from(text)),
    },
  );
}

const IDENTITIES: Identity[] = ["signed-out", "forged-cookie", "archivist", "admin"];

// The path (with query) of one route: its holes filled with hostile segments.
function routePath(route: RouteTemplate): fc.Arbitrary<{ route: string; path: string }> {
  return fc
    .tuple(
      fc.array(fc.array(segment, { minLength: 1, maxLength: route.catchAll ? 3 : 1 }), {
        minLength: route.params.length,
        maxLength: route.params.length,
      }),
      query,
      fc.constantFrom("", "", "", "/", "//", "/x"),
    )
    .map(([values, search, tail]) => ({
      route: route.template,
      path: `${fillRoute(route, values)}${tail}${search}`,
    }));
}

// One request to one of `routes`, each route as likely as the next.
export function fuzzCase(routes: RouteTemplate[], ctx: CaseContext): fc.Arbitrary<FuzzCase> {
  return fc
    .record({
      target: fc.oneof(...routes.map(routePath)),
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constantFrom(...METHODS) },
        { weight: 1, arbitrary: fc.constantFrom(...ODD_METHODS) },
      ),
      headers: headers(ctx),
      body: body(ctx),
      identity: fc.constantFrom(...IDENTITIES),
    })
    .map(({ target, ...rest }) => ({ ...target, ...rest }));
}
