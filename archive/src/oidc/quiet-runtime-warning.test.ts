// Loading the identity provider prints no "Unsupported runtime" warning on Node.js 20, while the
// library on its own does; other warnings still print.
import { execFile, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

async function stderrOf(code: string): Promise<string> {
  const { stderr } = await run(process.execPath, ["--import", "tsx", "-e", code], {
    cwd: here("."),
  });
  return stderr;
}

const before22 = Number(process.versions.node.split(".")[0]) < 22;

describe.runIf(before22)("the identity provider on Node.js before 22", () => {
  it("loads without the library's runtime warning, and other warnings still print", async () => {
    expect(await stderrOf(`await import("oidc-provider")`)).toContain("Unsupported runtime");
    const ours = await stderrOf(
      `await import(${JSON.stringify(here("./provider.ts"))}); console.warn("another warning")`,
    );
    expect(ours).not.toContain("Unsupported runtime");
    expect(ours).toContain("another warning");
  }, 60_000);
});

// `npm start` runs the bundle (archive/build.mjs), where packages are imported before the bundled
// code runs: the archive started from it must not print the warning either.
describe.runIf(before22)("the bundled archive on Node.js before 22", () => {
  it("starts without the library's runtime warning", async () => {
    await run(process.execPath, [here("../../build.mjs")]);
    const dataDir = await mkdtemp(path.join(tmpdir(), "quiet-bundle-"));
    const child = spawn(process.execPath, [here("../../dist/main.mjs")], {
      env: {
        ...process.env,
        ARCHIVE_DATA_DIR: dataDir,
        ARCHIVE_PORT: String(40_000 + Math.floor(Math.random() * 20_000)),
      },
    });
    let output = "";
    try {
      await new Promise<void>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes("archive listening")) resolve();
        };
        child.stdout.on("data", onData);
        child.stderr.on("data", onData);
        child.on("exit", (code) => reject(new Error(`the archive ended (${code}): ${output}`)));
      });
    } finally {
      child.kill("SIGKILL");
      await rm(dataDir, { recursive: true, force: true });
    }
    expect(output).not.toContain("Unsupported runtime");
  }, 120_000);
});
