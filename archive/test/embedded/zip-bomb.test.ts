// A zip bomb sent as a bag: 3 GiB of zeros in a 3 MB zip. The archive used to unpack all of it
// (and 5 GiB in the attack that found it) before the manifest check failed the SIP. It must stop
// at the first chunk past its ratio limit, keep nothing, and say which limit and which entry.
// Embedded only: it looks at the archive's data folder.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { b64, expectAccepted, ingestApi } from "../support/client";
import { archiveTarget, suite } from "../support/target";
import { zipBombBag } from "../support/zip-bomb";
import { IngestResponse, isTerminalSipStatus } from "@scriptorium/contract/ingest/schemas";

const target = archiveTarget();

// Bytes of every file under `dir` (0 when it does not exist).
async function bytesUnder(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    total += await stat(path.join(entry.parentPath, entry.name)).then(
      (s) => s.size,
      () => 0,
    );
  }
  return total;
}

describe.skipIf(!target.embedded || !target.dataDir)("a zip bomb as a bag", () => {
  it("fails the SIP at the ratio limit, naming the entry, without unpacking it", async () => {
    const bag = zipBombBag({ segments: 48, profile: suite.profile });
    expect(bag.length).toBeLessThan(4 * 1024 * 1024);
    const answer = await ingestApi("PUT", "/sip", {
      body: { type: "BINARY", name: "bomb.zip", content: b64(bag) },
    });
    const accepted = expectAccepted(answer);

    // While it runs, the work folder is watched: it must never hold more than a sliver of 3 GiB.
    const workDir = path.join(target.dataDir ?? "", "work");
    let largest = 0;
    let final: IngestResponse | undefined;
    const deadline = Date.now() + 120_000;
    while (!final && Date.now() < deadline) {
      largest = Math.max(largest, await bytesUnder(workDir));
      const status = await ingestApi(
        "GET",
        `/sip/${encodeURIComponent(accepted.packageId)}/${accepted.name}`,
        {
          headers: { enrichers: "pluginreports" },
        },
      );
      const parsed = IngestResponse.parse(status.json);
      if (parsed.status && isTerminalSipStatus(parsed.status)) final = parsed;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(final?.status).toBe("FAILED");
    const report = final?.pluginReports?.find((r) => r.status === "FAILURE");
    expect(report?.pluginName).toBe("bag-validation");
    expect(report?.message).toBe(
      'The bag is not valid: The zip entry "data/zeros.bin" unpacks to more than 100 times its compressed size (the archive\'s limit against zip bombs): unpacking stopped.',
    );
    expect(largest).toBeLessThan(64 * 1024 * 1024);
  }, 180_000);
});
