// Starts only the identity provider on a real HTTP server, for tests of the provider and of
// clients that need real tokens. Not used by the archive itself.
import { createServer, type Server } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { loadArchiveConfig, type ArchiveConfig } from "../../config";
import { openArchiveDb, type OpenedDb } from "../../db/client";
import type { ArchiveEnv } from "../../http/context";
import { createIdentity, type Identity } from "../index";

export interface IdentityServer {
  url: string;
  config: ArchiveConfig;
  identity: Identity;
  database: OpenedDb;
  close(options?: { keepDatabase?: boolean }): Promise<void>;
}

export interface IdentityServerOptions {
  dataDir: string;
  // First port to try; the next free one up to `lastPort` is used.
  firstPort: number;
  lastPort: number;
  env?: Record<string, string>;
  // Reuse an open database (several providers over one PGlite), else open one in dataDir.
  database?: OpenedDb;
}

// Serves /oidc/*, /_archive/token-stats and GET /api/whoami (behind requireCaller).
export async function startIdentityServer(options: IdentityServerOptions): Promise<IdentityServer> {
  const database = options.database ?? (await openArchiveDb({ dataDir: options.dataDir }));
  for (let port = options.firstPort; port <= options.lastPort; port++) {
    // Only these variables: the developer's own ARCHIVE_* settings must not leak into tests.
    const env = {
      ARCHIVE_PORT: String(port),
      ARCHIVE_DATA_DIR: options.dataDir,
      ...options.env,
    };
    const config = loadArchiveConfig(env as unknown as NodeJS.ProcessEnv);
    const identity = await createIdentity({ config, db: database.db });
    const app = new Hono<ArchiveEnv>();
    app.route("/", identity.routes);
    app.use("/api/*", identity.requireCaller);
    app.get("/api/whoami", (c) => c.json(c.get("caller")));
    const listener = getRequestListener(app.fetch);
    const server = createServer((req, res) => {
      const url = req.url ?? "/";
      if (url === "/oidc" || url.startsWith("/oidc/") || url.startsWith("/oidc?"))
        identity.handle(req, res);
      else void listener(req, res);
    });
    if (!(await listen(server, port, config.host))) continue;
    return {
      url: config.publicUrl,
      config,
      identity,
      database,
      async close({ keepDatabase = false } = {}) {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        if (!keepDatabase && !options.database) await database.close();
      },
    };
  }
  throw new Error(`No free port between ${options.firstPort} and ${options.lastPort}.`);
}

function listen(server: Server, port: number, host: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") resolve(false);
      else reject(error);
    });
    server.listen(port, host, () => resolve(true));
  });
}
