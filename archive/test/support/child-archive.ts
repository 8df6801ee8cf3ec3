// Runs the embedded archive (src/main.ts) as a child process, so a test can kill -9 it and
// start it again on the same data folder.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

// The archive package's folder: the child runs src/main.ts from there.
const archiveDir = fileURLToPath(new URL("../..", import.meta.url));

export interface ChildArchive {
  url: string;
  pid: number;
  process: ChildProcess;
  output(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

// A port nothing listens on now (the system's choice), so concurrent runs do not collide.
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

// Starts `src/main.ts` on `port` with `dataDir`, resolving once /health answers.
export async function startChildArchive(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<ChildArchive> {
  const url = `http://localhost:${options.port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: archiveDir,
    // Only what the archive needs: the developer's own ARCHIVE_* settings must not leak in.
    env: {
      NODE_ENV: "production",
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      ARCHIVE_PORT: String(options.port),
      ARCHIVE_DATA_DIR: options.dataDir,
      ARCHIVE_ALLOW_PRIVATE_URLS: "1",
      ARCHIVE_JOB_POLL_MS: "100",
      ...(process.env.ARCHIVE_PGLITE_TEMPLATE
        ? { ARCHIVE_PGLITE_TEMPLATE: process.env.ARCHIVE_PGLITE_TEMPLATE }
        : {}),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The archive exited at start:\n${log}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The archive did not answer /health within 90 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid ?? -1,
    process: child,
    output: () => log,
    async kill(signal) {
      if (child.exitCode === null) child.kill(signal);
      await exited;
    },
  };
}

// A client-credentials token from the archive at `url`.
export async function childToken(
  url: string,
  id = "demo-archivist",
  secret = "demo-archivist-secret",
): Promise<string> {
  const response = await fetch(`${url}/oidc/token`, {
    method: "POST",
    headers: { Authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}` },
    body: new URLSearchParams({ grant_type: "client_credentials" }),
  });
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}
