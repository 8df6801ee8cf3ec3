// Requests only a raw socket can send: bytes outside ASCII in the request-target and headers,
// absolute-form and asterisk targets, odd methods and versions, broken framing.
import fc from "fast-check";

export interface RawCase {
  head: Buffer;
  body?: Buffer;
}

const latin1 = (text: string) => Buffer.from(text, "latin1");

const method = fc.constantFrom(
  "GET",
  "GET",
  "POST",
  "PUT",
  "HEAD",
  "DELETE",
  "OPTIONS",
  "PATCH",
  "TRACE",
  "TRACK",
  "CONNECT",
  "PROPFIND",
  "get",
  "G E T",
  "GET\u00ff",
  "",
);

function target(host: string, paths: string[]) {
  const known = fc.constantFrom(...paths);
  return fc.oneof(
    known,
    fc
      .tuple(known, fc.uint8Array({ minLength: 1, maxLength: 6 }))
      .map(([path, bytes]) => `${path}/${Buffer.from(bytes).toString("latin1")}`),
    fc
      .tuple(known, fc.string({ unit: "grapheme", minLength: 1, maxLength: 6 }))
      .map(([path, text]) => `${path}/${Buffer.from(text, "utf8").toString("latin1")}`),
    known.map((path) => `http://${host}${path}`),
    known.map((path) => `https://evil.example${path}`),
    fc.constantFrom(
      "*",
      "/",
      "//evil.example/",
      "/\\evil.example",
      "/objects/%ff",
      "/api/objects/%ff/content",
      "/api/ingest/sip/%ff/x",
      "/api/preservation/%ff",
      "/sign-in?callbackUrl=/\t/evil.example",
      "/sign-in?callbackUrl=/%09/evil.example",
      "/%",
      "/..%2f..%2fetc/passwd",
      `/${"a".repeat(9000)}`,
      "/_next/static/%ff",
      "/_next/image?url=%ff&w=1&q=1",
      "/_next/image?url=http://evil.example/x.png&w=64&q=75",
      "/api/auth/%ff",
      "/api/auth/callback/oidc?code=x&state=%ff",
      "/favicon.ico",
      "/favicon.svg",
      "",
    ),
  );
}

function headerLines(host: string) {
  return fc
    .record(
      {
        host: fc.constantFrom(host, host, "evil.example", "", "%ff", `${host}\u00ff`),
        origin: fc.constantFrom(`http://${host}`, "https://evil.example", "null", "\u00ff"),
        "content-type": fc.constantFrom(
          "application/json",
          "multipart/form-data; boundary=b",
          "text/plain",
        ),
        "next-action": fc.constantFrom("abc", "\u00ff\u00fe", "0".repeat(42)),
        "x-latin1": fc.constantFrom("caf\u00e9", "\u00ff\u00fe\u00fd"),
        "transfer-encoding": fc.constantFrom("chunked", "gzip, chunked", "garbage"),
        "content-length": fc.constantFrom("0", "5", "-1", "abc", "5, 6", "99999999999999999999"),
        rsc: fc.constantFrom("1"),
      },
      { requiredKeys: ["host"] },
    )
    .map((record) =>
      Object.entries(record)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join(""),
    );
}

// One raw request to the dashboard at `host` (host:port), aimed at one of `paths`.
export function rawCase(host: string, paths: string[]): fc.Arbitrary<RawCase> {
  return fc
    .record({
      method,
      target: target(host, paths),
      version: fc.constantFrom(
        "HTTP/1.1",
        "HTTP/1.1",
        "HTTP/1.1",
        "HTTP/1.0",
        "HTTP/2.0",
        "HTTP/1.1x",
        "",
      ),
      headers: headerLines(host),
      body: fc.option(
        fc.oneof(
          fc.constantFrom("{}", "0\r\n\r\n", "5\r\nhello\r\n0\r\n\r\n", "zz\r\nbad\r\n", "--b\r\n"),
          fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes).toString("latin1")),
        ),
        { nil: undefined },
      ),
    })
    .map(({ method: verb, target: path, version, headers, body }) => {
      const line = `${verb} ${path} ${version}`;
      return {
        head: latin1(`${line}\r\n${headers}connection: close\r\n\r\n`),
        ...(body === undefined ? {} : { body: latin1(body) }),
      };
    });
}
