// HTTP Node cannot parse, or requests whose framing is broken (bad request lines and headers,
// broken chunked encoding, bodies shorter than their Content-Length): sent over a raw socket,
// since fetch would refuse or repair them.
import fc from "fast-check";
import {
  familyOf,
  ODD_METHODS,
  printable,
  segment,
  STANDARD_METHODS,
  type FuzzCase,
  type FuzzContext,
} from "./fuzz-values";

// HTTP Node cannot parse, or requests whose framing is broken: always a raw socket.
export function malformedHttp(ctx: FuzzContext) {
  const auth = `Authorization: Bearer ${ctx.archivistToken}\r\n`;
  const put = (path: string, rest: string) =>
    `PUT ${path} HTTP/1.1\r\nHost: localhost\r\n${auth}Content-Type: application/json\r\n${rest}`;
  const target = fc.oneof(
    segment(ctx).map((s) => `/ingest/sip/${s}/x`),
    fc.constantFrom(
      "/uploads/%",
      "/oidc/%",
      "http://[/x",
      "http://localhost/health",
      "localhost:80",
      "//",
      "/a b",
      "/\u00e9",
      "/\u0001",
      "/\\..\\health",
      `/${"y".repeat(17_000)}`,
    ),
    fc
      .uint8Array({ minLength: 1, maxLength: 12 })
      .map((b) => `/${Buffer.from(b).toString("latin1")}`),
  );
  const version = fc.constantFrom(
    "HTTP/1.1",
    "HTTP/1.1",
    "HTTP/1.0",
    "HTTP/2.0",
    "HTTP/9.9",
    "HTTP/1.1x",
    "",
  );
  const headerLine = fc.oneof(
    fc.constantFrom(
      "Host: localhost",
      "no colon here",
      " X-Fold: continued",
      "X-Nul: a\u0000b",
      "X-Ctl: \u0007",
      `X-Big: ${"z".repeat(20_000)}`,
      "Content-Length: 5\r\nContent-Length: 6",
      "Content-Length: -1",
      "Content-Length: abc",
      "Transfer-Encoding: chunked\r\nContent-Length: 3",
      "Transfer-Encoding: gzip, chunked",
      "Host: [",
      "Host: a b",
    ),
    printable.map((s) => `X-Any: ${s}`),
  );
  const built = fc
    .record({
      method: fc.constantFrom(...STANDARD_METHODS, ...ODD_METHODS, "get", "G ET"),
      target,
      version,
      lines: fc.array(headerLine, { maxLength: 3 }),
    })
    .map((r) => ({
      target: r.target,
      bytes: `${r.method} ${r.target} ${r.version}\r\n${["Connection: close", ...r.lines].join("\r\n")}\r\n\r\n`,
      hangUp: false,
    }));
  const chunked = fc
    .constantFrom(
      "zz\r\n",
      "5\r\nab\r\n0\r\n\r\n",
      "ffffffffffffffffff\r\n{}\r\n0\r\n\r\n",
      `3;${"x".repeat(20_000)}\r\n{}\r\n0\r\n\r\n`,
      "2\r\n{}\r\n0\r\n",
      "2\r\n{}XX0\r\n\r\n",
      "-1\r\n{}\r\n0\r\n\r\n",
    )
    .chain((chunks) =>
      fc
        .constantFrom(
          "/ingest/document",
          "/preservation/Search",
          `/uploads/${ctx.upload.key}${ctx.upload.query}`,
          "/oidc/token",
        )
        .map((path) => ({
          target: path,
          bytes: put(path, `Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunks}`),
          hangUp: true,
        })),
    );
  const truncated = fc
    .tuple(
      fc.constantFrom(
        "/ingest/document",
        "/ingest/sip",
        "/preservation/PreservePO",
        `/uploads/${ctx.upload.key}${ctx.upload.query}`,
        "/oidc/token",
        "/health",
      ),
      fc.constantFrom("100", "99999999999999", "10485761", "5368709121"),
    )
    .map(([path, length]) => ({
      target: path,
      bytes: put(path, `Content-Length: ${length}\r\nConnection: close\r\n\r\n{"profile":`),
      hangUp: true,
    }));
  const noise = fc.uint8Array({ minLength: 1, maxLength: 200 }).map((b) => ({
    target: "",
    bytes: `${Buffer.from(b).toString("latin1")}\r\n\r\n`,
    // Noise may read as the start of a request still to come (blank lines, a lone CR): the
    // server rightly waits for the rest, so the client hangs up to end it.
    hangUp: true,
  }));
  return fc
    .oneof(
      { weight: 5, arbitrary: built },
      { weight: 2, arbitrary: chunked },
      { weight: 2, arbitrary: truncated },
      { weight: 1, arbitrary: noise },
    )
    .map((r): FuzzCase => ({
      family: familyOf(r.target),
      label: "malformed HTTP",
      transport: "raw",
      method: "",
      target: r.target,
      headers: {},
      bytes: Buffer.from(r.bytes, "latin1"),
      hangUp: r.hangUp,
    }));
}
