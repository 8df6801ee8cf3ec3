// Request bodies, files and a local HTTP server for URL content, shared by the conformance tests.
import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { b64 } from "./client";
import { suite } from "./target";

export const sha256 = (data: string | Uint8Array) =>
  createHash("sha256").update(data).digest("hex");

// A minimal valid PDF: format identification is confident about it.
export const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\n" +
    "trailer<</Root 1 0 R>>\n%%EOF\n",
);

// Bytes no format signature matches.
export const OPAQUE = Buffer.from([
  0x00, 0x9f, 0x13, 0x37, 0xfe, 0x01, 0x02, 0x03, 0xaa, 0x55, 0x00, 0xff,
]);

export const metadata = (title = "A test record") => ({
  schema: suite.schema,
  metadata: { title },
});

// A package ID unique to this run, so the suite can run again against the same archive.
export const uniquePackageId = (label = "pkg") => `conformance-${label}-${randomUUID()}`;

// A valid PUT /document body with one inline PDF; `overrides` replace top-level fields.
export function documentRequest(overrides: Record<string, unknown> = {}) {
  return {
    profile: suite.profile,
    document: { type: "BINARY", name: "letter.pdf", content: b64(PDF) },
    metadatas: [metadata()],
    ...overrides,
  };
}

export interface FixtureServer {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

type Route = (req: IncomingMessage, res: ServerResponse) => void;

// Serves `routes` on 127.0.0.1 on a free port in 4250-4299 (the archive fetches URL content from it).
export async function startFixtureServer(routes: Record<string, Route>): Promise<FixtureServer> {
  const requests: string[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    requests.push(req.url ?? "/");
    const route = routes[new URL(req.url ?? "/", "http://x").pathname];
    if (route) return route(req, res);
    res.writeHead(404).end("not here");
  };
  for (let port = 4250 + Math.floor(Math.random() * 25); port <= 4299; port++) {
    const server: Server = createServer(handler);
    const ok = await new Promise<boolean>((resolve, reject) => {
      server.once("error", (e: NodeJS.ErrnoException) =>
        e.code === "EADDRINUSE" ? resolve(false) : reject(e),
      );
      server.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (!ok) continue;
    return {
      url: `http://127.0.0.1:${port}`,
      requests,
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
  }
  throw new Error("No free port in 4250-4299 for the fixture server.");
}

// A route answering `body` with 200.
export const serve =
  (body: Uint8Array | string, type = "application/octet-stream"): Route =>
  (_req, res) => {
    res
      .writeHead(200, { "Content-Type": type, "Content-Length": Buffer.byteLength(body) })
      .end(body);
  };
