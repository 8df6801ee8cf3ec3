// The backstop in a process of its own: an uncaught throw and an unhandled rejection are logged,
// and the process goes on to do its work instead of exiting.
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const lastResortModule = fileURLToPath(new URL("./last-resort.ts", import.meta.url));

describe("keepServingOnEscapedErrors", () => {
  it("logs an uncaught exception and an unhandled rejection, and the process carries on", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "last-resort-"));
    try {
      const script = path.join(dir, "script.ts");
      await writeFile(
        script,
        `import { keepServingOnEscapedErrors } from ${JSON.stringify(lastResortModule)};
keepServingOnEscapedErrors();
setTimeout(() => { throw new Error("thrown from a timer"); }, 10);
void Promise.reject(new Error("rejected and forgotten"));
setTimeout(() => console.log("still here"), 200);
`,
      );
      const run = spawnSync(process.execPath, ["--import", "tsx", script], {
        encoding: "utf8",
        timeout: 60_000,
      });
      // Booleans, not the log itself: its stack lines would be read as this test's own.
      expect({
        status: run.status,
        stdout: run.stdout.trim(),
        loggedThrow: /escaped its handler; still serving:[\s\S]*thrown from a timer/.test(
          run.stderr,
        ),
        loggedRejection: /not handled; still serving:[\s\S]*rejected and forgotten/.test(
          run.stderr,
        ),
      }).toEqual({ status: 0, stdout: "still here", loggedThrow: true, loggedRejection: true });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
