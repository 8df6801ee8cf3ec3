// Loading the identity provider prints no "Unsupported runtime" warning on Node.js 20, while the
// library on its own does; other warnings still print.
import { execFile } from "node:child_process";
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
