// Starts the embedded archive: identity provider, ingest API, upload URLs and the
// preservation API on one HTTP server.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import type { ArchiveConfig } from "./config";
import { openArchiveDb } from "./db/client";
import type { ArchiveEnv } from "./http/context";
import {
  answerClientError,
  answerConnect,
  answerFailure,
  errorAnswer,
  guarded,
  notFoundAnswer,
} from "./http/guard";
import { createIdentity } from "./oidc";
import { createIngest } from "./ingest";
import { createPreservation } from "./preservation";

export interface RunningArchive {
  url: string;
  close(): Promise<void>;
}

export async function startArchive(config: ArchiveConfig): Promise<RunningArchive> {
  const database = await openArchiveDb({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
  });
  const { db, blobLocks } = database;
  const identity = await createIdentity({ config, db });
  const preservation = await createPreservation({ config, db, identity, blobLocks });
  const ingest = await createIngest({
    config,
    db,
    blobLocks,
    onVersionAdded: () => preservation.sealSoon(),
  });

  const app = new Hono<ArchiveEnv>();
  app.use("*", async (c, next) => {
    c.set("db", db);
    c.set("config", config);
    await next();
  });
  app.get("/health", (c) => c.json({ status: "ok", database: database.kind }));
  app.route("/", identity.routes);
  app.use("/ingest/*", identity.requireCaller);
  app.route("/ingest", ingest.routes);
  app.route("/preservation", preservation.routes);

  app.notFound(notFoundAnswer);
  app.onError(errorAnswer);

  const listener = getRequestListener(app.fetch, { errorHandler: errorAnswer });
  // Every listener is guarded: whatever a request makes it throw is answered, never fatal.
  const oidc = guarded((req, res) => identity.handle(req, res));
  // Uploads stream straight from the socket to disk, outside the fetch adapter.
  const uploads = guarded((req, res) => ingest.handleUpload(req, res));
  const api = guarded(listener);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    try {
      const url = req.url ?? "/";
      if (url === "/oidc" || url.startsWith("/oidc/") || url.startsWith("/oidc?")) oidc(req, res);
      else if (url.startsWith("/uploads/")) uploads(req, res);
      else api(req, res);
    } catch (error) {
      answerFailure(res, error);
    }
  });
  // HTTP Node cannot parse is answered in the error shape (Node's default has no body).
  server.on("clientError", answerClientError);
  server.on("connect", answerConnect);
  // Large uploads and slow URL fetches must not be cut by Node's default request timeout.
  server.requestTimeout = 0;

  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "EADDRINUSE"
          ? new Error(
              `Port ${config.port} is already in use: stop the other process or set ARCHIVE_PORT.`,
            )
          : error,
      );
    });
    server.listen(config.port, config.host, () => resolve());
  });
  ingest.start();
  preservation.start();

  return {
    url: config.publicUrl,
    async close() {
      await ingest.stop();
      await preservation.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await database.close();
    },
  };
}
