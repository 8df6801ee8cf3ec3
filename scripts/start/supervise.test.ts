// The supervisor with real processes: the embedded archive killed with SIGKILL comes back on the
// same data folder and port, and a child that keeps crashing makes it give up with a sentence.
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ESM script without type declarations
import { createRestartPolicy } from "./restart-policy.mjs";
// @ts-expect-error: a plain ESM script without type declarations
import { run } from "./processes.mjs";
// @ts-expect-error: a plain ESM script without type declarations
import { superviseArchive } from "./supervise.mjs";

interface Supervised {
  ready: Promise<"healthy" | "exited" | "timeout">;
  current(): { pid: number; hasExited(): boolean };
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

// Resolves when `predicate` holds, polling; the test's own timeout bounds the wait.
async function until(predicate: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await predicate())) await new Promise((resolve) => setTimeout(resolve, 100));
}

const answers = async (url: string) => {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
};

describe("the embedded archive under supervision", () => {
  let dataDir: string;
  let port: number;
  let archive: Supervised;
  const said: string[] = [];
  const fatal: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp("/tmp/scriptorium-supervise-");
    port = await freePort();
    const env = {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      ARCHIVE_PORT: String(port),
      ARCHIVE_DATA_DIR: `${dataDir}/archive`,
    };
    archive = superviseArchive({
      // What `npm start` runs, on its own port and data folder.
      start: () =>
        run("archive", process.execPath, ["--import", "tsx", "archive/src/main.ts"], env),
      healthUrl: `http://127.0.0.1:${port}/health`,
      timeoutMs: 120_000,
      say: (line: string) => said.push(line),
      onFatal: (line: string) => fatal.push(line),
    });
    // PGlite creates the database at the first start: seconds, more on a busy machine.
    expect(await archive.ready).toBe("healthy");
  }, 180_000);

  afterAll(async () => {
    await archive?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("restarts the archive after kill -9 and waits until /health answers again", async () => {
    const first = archive.current();
    process.kill(first.pid, "SIGKILL");
    await until(() => said.some((line) => line.startsWith("The archive is back")));

    expect(said).toEqual([
      "The archive was stopped by SIGKILL; restarting it in 1 s (the dashboard keeps running).",
      `The archive is back: http://127.0.0.1:${port}/health answers again.`,
    ]);
    expect(fatal).toEqual([]);
    expect(archive.current().pid).not.toBe(first.pid);
    expect(first.hasExited()).toBe(true);
    expect(await answers(`http://127.0.0.1:${port}/health`)).toBe(true);
  }, 120_000);

  it("does not restart it once stopped", async () => {
    const last = archive.current();
    await archive.stop();
    expect(last.hasExited()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(archive.current()).toBe(last);
    expect(await answers(`http://127.0.0.1:${port}/health`)).toBe(false);
  });
});

describe("a child that keeps crashing", () => {
  it("is restarted with growing pauses, then given up with a sentence saying why", async () => {
    const port = await freePort();
    // Answers /health, then exits with code 3 a moment later: a crash loop after each start.
    const script = `
      const server = require("node:http").createServer((req, res) => res.end("ok"));
      server.listen(${port}, "127.0.0.1", () => setTimeout(() => process.exit(3), 300));`;
    const said: string[] = [];
    let fatal: string | undefined;
    const crashing: Supervised = superviseArchive({
      start: () => run("archive", process.execPath, ["-e", script], { PATH: process.env.PATH }),
      healthUrl: `http://127.0.0.1:${port}/health`,
      timeoutMs: 30_000,
      say: (line: string) => said.push(line),
      onFatal: (line: string) => (fatal = line),
      // The real policy's shape with short pauses, so the loop takes a second or two, not a minute.
      policy: createRestartPolicy({
        firstDelayMs: 100,
        maxDelayMs: 1_000,
        healthyAfterMs: 60_000,
        maxCrashes: 4,
        windowMs: 120_000,
      }),
    });
    expect(await crashing.ready).toBe("healthy");
    await until(() => fatal !== undefined);

    const restarts = said.filter((line) => line.includes("restarting it in"));
    expect(restarts).toEqual([
      "The archive exited with code 3; restarting it in 0.1 s (the dashboard keeps running).",
      "The archive exited with code 3; restarting it in 0.2 s (the dashboard keeps running).",
      "The archive exited with code 3; restarting it in 0.4 s (the dashboard keeps running).",
    ]);
    expect(fatal).toBe(
      "The archive exited with code 3: 4 crashes within 2 minutes, so it is not restarted again " +
        "and Scriptorium stops (the archive's last messages above say why).",
    );
    await crashing.stop();
  }, 60_000);
});
