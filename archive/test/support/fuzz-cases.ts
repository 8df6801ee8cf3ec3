// Requests for fuzzing the archive: every route it serves (ingest, preservation, uploads, the
// identity provider, health, any other path) built from the parts in fuzz-values.ts, and
// malformed HTTP from fuzz-malformed-http.ts.
import fc from "fast-check";
import { malformedHttp } from "./fuzz-malformed-http";
import {
  FETCH_FORBIDDEN,
  headers,
  jsonBody,
  method,
  printable,
  query,
  segment,
  text,
  type FuzzCase,
  type FuzzContext,
} from "./fuzz-values";

export { requestBytes, type Family, type FuzzCase, type FuzzContext } from "./fuzz-values";

function ingestCases(ctx: FuzzContext) {
  const metadatas = [{ schema: ctx.schema, metadata: { title: "fuzz" } }];
  const document = {
    profile: ctx.profile,
    document: { type: "BINARY", name: "fuzz.txt", content: "ZnV6eg==" },
    metadatas,
  };
  const documents = {
    profile: ctx.profile,
    packageId: ctx.packageId,
    documents: [{ type: "S3", name: "up.bin", content: ctx.upload.key }],
    metadatas,
  };
  const sip = { type: "URL", name: "bag.zip", content: "http://127.0.0.1:9/bag.zip" };
  const routes: [string, fc.Arbitrary<string>, Record<string, unknown>[]][] = [
    ["PUT", fc.constant("/ingest/document"), [document, documents]],
    ["POST", segment(ctx).map((s) => `/ingest/document/${s}`), [{ metadatas }]],
    ["GET", fc.constant("/ingest/url"), [{}]],
    [
      "PUT",
      fc.constant("/ingest/sip"),
      [
        sip,
        { type: "S3", name: "bag.zip", content: ctx.upload.key },
        { type: "BINARY", name: "bag.zip", content: "UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==" },
      ],
    ],
    ["GET", fc.tuple(segment(ctx), segment(ctx)).map(([p, n]) => `/ingest/sip/${p}/${n}`), [{}]],
    ["GET", fc.array(segment(ctx), { maxLength: 3 }).map((s) => `/ingest/${s.join("/")}`), [{}]],
  ];
  return fc.constantFrom(...routes).chain(([usual, path, bases]) =>
    fc
      .record({
        method: method(usual),
        path,
        query: query(ctx),
        headers: headers(ctx),
        body: jsonBody(bases),
      })
      .map((r): FuzzCase => ({
        family: "ingest",
        label: `${usual} ${r.path.split("/").slice(0, 3).join("/")}`,
        transport: "fetch",
        method: r.method,
        target: r.path + r.query,
        headers: r.headers,
        body: r.body,
      })),
  );
}

function preservationCases(ctx: FuzzContext) {
  const poId = ctx.packageId;
  const po = [{ id: "fuzz.txt", binaryData: { value: "ZnV6eg==" } }];
  const bases: Record<string, Record<string, unknown>[]> = {
    RetrieveInfo: [{}, { stat: "all" }, { pro: "urn:scriptorium:profile:general:1.0" }],
    PreservePO: [{ pro: "urn:scriptorium:profile:general:1.0", po }, { po: [] }],
    RetrievePO: [{ poId }, { poId, sor: "Evidence", versionId: ["1"] }],
    UpdatePOC: [{ poId, deltaPoc: po }],
    DeletePO: [{ poId: "fuzz-never-preserved", mod: "OnlySubDOs" }],
    RetrieveTrace: [{ poId }],
    Search: [{ fi: "*" }, { fi: 'dc:title="fuzz"' }, { fi: "id=" }],
    ValidateEvidence: [{ ev: { value: "MAA=" } }, { ev: { value: "PHg+PC94Pg==" }, po }],
  };
  // Own keys only: a fuzzed name may well be "constructor".
  const known = (op: string) => Object.hasOwn(bases, op);
  const operation = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...Object.keys(bases)) },
    { weight: 1, arbitrary: segment(ctx) },
  );
  return operation.chain((op) =>
    fc
      .record({
        method: method("POST"),
        query: query(ctx),
        headers: headers(ctx),
        body: jsonBody(known(op) ? bases[op]! : [{ reqId: "x" }]),
      })
      .map((r): FuzzCase => ({
        family: "preservation",
        label: `POST /preservation/${known(op) ? op : "?"}`,
        transport: "fetch",
        method: r.method,
        target: `/preservation/${op}${r.query}`,
        headers: r.headers,
        body: r.body,
      })),
  );
}

function uploadCases(ctx: FuzzContext) {
  const target = fc.oneof(
    { weight: 3, arbitrary: fc.constant(`/uploads/${ctx.upload.key}${ctx.upload.query}`) },
    { weight: 2, arbitrary: query(ctx).map((q) => `/uploads/${ctx.upload.key}${q}`) },
    {
      weight: 2,
      arbitrary: fc.tuple(segment(ctx), query(ctx)).map(([s, q]) => `/uploads/${s}${q}`),
    },
  );
  const checksum = fc.option(fc.oneof(fc.stringMatching(/^[0-9a-f]{64}$/), printable), {
    nil: undefined,
  });
  return fc
    .record({
      method: method("PUT"),
      target,
      headers: headers(ctx),
      checksum,
      body: fc.uint8Array({ maxLength: 4000 }),
      origin: fc.option(fc.constantFrom("http://localhost:3000", "https://evil.example"), {
        nil: undefined,
      }),
    })
    .map((r): FuzzCase => {
      const extra: Record<string, string> = {};
      if (r.checksum !== undefined) extra["x-checksum-sha256"] = r.checksum;
      if (r.origin !== undefined) extra.Origin = r.origin;
      return {
        family: "uploads",
        label: `${r.method === "OPTIONS" ? "OPTIONS" : "PUT"} /uploads`,
        transport: "fetch",
        method: r.method,
        target: r.target,
        headers: { ...r.headers, ...extra },
        body: r.body,
      };
    });
}

function oidcCases(ctx: FuzzContext) {
  const form = fc
    .record({
      grant_type: fc.oneof(
        fc.constantFrom(
          "client_credentials",
          "authorization_code",
          "refresh_token",
          "password",
          "",
        ),
        printable,
      ),
      code: fc.option(printable, { nil: undefined }),
      refresh_token: fc.option(printable, { nil: undefined }),
      token: fc.option(printable, { nil: undefined }),
      redirect_uri: fc.option(
        fc.constantFrom("http://localhost:3000/api/auth/callback/oidc", "javascript:alert(1)"),
        { nil: undefined },
      ),
      client_id: fc.option(fc.constantFrom("scriptorium", "demo-admin", "nope", ""), {
        nil: undefined,
      }),
      username: fc.option(printable, { nil: undefined }),
      password: fc.option(printable, { nil: undefined }),
    })
    .map((f) =>
      text(
        new URLSearchParams(
          Object.entries(f).filter((e): e is [string, string] => e[1] !== undefined),
        ).toString(),
      ),
    );
  const authQuery = fc
    .record({
      client_id: fc.constantFrom("scriptorium", "nope", "%"),
      response_type: fc.constantFrom("code", "token", ""),
      scope: fc.constantFrom("openid", "openid profile", ""),
      code_challenge: printable,
      state: printable,
    })
    .map((q) => `?${new URLSearchParams(q).toString()}`);
  const routes: [string, fc.Arbitrary<string>][] = [
    ["GET", fc.constant("/oidc/.well-known/openid-configuration")],
    ["GET", fc.constant("/oidc/jwks")],
    ["POST", fc.constant("/oidc/token")],
    ["GET", fc.oneof(authQuery, query(ctx)).map((q) => `/oidc/auth${q}`)],
    ["GET", query(ctx).map((q) => `/oidc/me${q}`)],
    ["POST", fc.constant("/oidc/token/revocation")],
    ["GET", query(ctx).map((q) => `/oidc/session/end${q}`)],
    ["GET", segment(ctx).map((s) => `/oidc/interaction/${s}`)],
    [
      "POST",
      fc
        .tuple(segment(ctx), fc.constantFrom("login", "abort"))
        .map(([s, a]) => `/oidc/interaction/${s}/${a}`),
    ],
    ["GET", fc.tuple(segment(ctx), query(ctx)).map(([s, q]) => `/oidc/${s}${q}`)],
  ];
  const basic = fc.oneof(
    fc.constant(undefined),
    fc
      .tuple(fc.constantFrom("scriptorium", "demo-admin", "nope"), printable)
      .map(([id, secret]) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`),
    printable,
  );
  return fc.constantFrom(...routes).chain(([usual, path]) =>
    fc
      .record({
        method: method(usual),
        path,
        body: fc.oneof(form, fc.uint8Array({ maxLength: 200 })),
        authorization: basic,
        formType: fc.boolean(),
      })
      .map((r): FuzzCase => {
        const h: Record<string, string> = {};
        if (r.authorization !== undefined) h.Authorization = r.authorization;
        if (r.formType) h["Content-Type"] = "application/x-www-form-urlencoded";
        return {
          family: "oidc",
          label: `${usual} ${r.path.split("?")[0]!.split("/").slice(0, 3).join("/")}`,
          transport: "fetch",
          method: r.method,
          target: r.path,
          headers: h,
          body: r.body,
        };
      }),
  );
}

function archiveCases(ctx: FuzzContext) {
  const path = fc.oneof(
    fc.constantFrom("/health", "/_archive/token-stats", "/", "/health/", "/favicon.ico", "*"),
    fc.array(segment(ctx), { maxLength: 4 }).map((s) => `/${s.join("/")}`),
  );
  return fc
    .record({
      method: method("GET"),
      path,
      query: query(ctx),
      headers: headers(ctx),
      body: fc.uint8Array({ maxLength: 100 }),
    })
    .map((r): FuzzCase => ({
      family: "archive",
      label: "any path",
      transport: r.path === "*" ? "raw" : "fetch",
      method: r.method,
      target: r.path + r.query,
      headers: r.headers,
      body: r.body,
    }));
}

// Any request the archive may receive; fetch cases that fetch cannot send go raw.
export function fuzzCase(ctx: FuzzContext): fc.Arbitrary<FuzzCase> {
  return fc
    .oneof(
      { weight: 5, arbitrary: ingestCases(ctx) },
      { weight: 4, arbitrary: preservationCases(ctx) },
      { weight: 2, arbitrary: uploadCases(ctx) },
      { weight: 3, arbitrary: oidcCases(ctx) },
      { weight: 1, arbitrary: archiveCases(ctx) },
      { weight: 2, arbitrary: malformedHttp(ctx) },
    )
    .map((c) =>
      c.transport === "fetch" && FETCH_FORBIDDEN.has(c.method) ? { ...c, transport: "raw" } : c,
    );
}
