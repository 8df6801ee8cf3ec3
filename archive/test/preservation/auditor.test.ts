// An auditor verifies a record with OpenSSL alone: the commands of archive/README.md ("Verifying a
// record with OpenSSL alone"), run as written against this archive's published certificate chain,
// accept the record for its data object and refuse it for a changed one.
import { spawnSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { suite } from "../support/target";
import { b64, contentOf, formats, ok, pres, preserve, type RetrievedPo } from "./client";

const README = new URL("../../README.md", import.meta.url);

// The bash block after the <!-- auditor-commands --> marker, pointed at the archive under test.
async function auditorCommands(): Promise<string> {
  const text = await readFile(README, "utf8");
  const block = /<!-- auditor-commands -->\s*```bash\n([\s\S]*?)```/.exec(text)?.[1];
  if (!block) throw new Error("archive/README.md has no auditor-commands block");
  return block.replaceAll("http://localhost:4000", suite.baseUrl);
}

function run(dir: string, script: string) {
  const result = spawnSync("bash", ["-c", script], { cwd: dir, encoding: "utf8" });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("verifying a record with OpenSSL alone", () => {
  let dir: string;
  let data: Buffer;
  beforeAll(async () => {
    dir = await mkdtemp("/tmp/auditor-");
    data = Buffer.from(`Letters patent, ${Date.now()}`);
    const { poId } = await preserve([
      { id: "letters.txt", binaryData: { value: b64(data) } },
      { id: "seal.txt", binaryData: { value: b64("the seal") } },
      { id: "witness.txt", binaryData: { value: b64("the witness") } },
    ]);
    const records = ok(await pres("RetrievePO", { poId, sor: "Evidence", evFormat: formats.der }))
      .po as RetrievedPo[];
    await writeFile(
      path.join(dir, "record.ers"),
      contentOf(records.find((r) => r.id === "letters.txt.ers")!),
    );
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("publishes the time-stamp authority's chain without a token", async () => {
    const response = await fetch(`${suite.baseUrl}/preservation/tsa/certificates`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pem-certificate-chain");
    const chain = await response.text();
    // Certificates from the first character to the last, and nothing else (no private key).
    expect(chain).toMatch(
      /^(?:-----BEGIN CERTIFICATE-----\n(?:[A-Za-z0-9+/=]{1,64}\n)+-----END CERTIFICATE-----\n)+$/,
    );
    expect(chain).not.toMatch(/PRIVATE KEY/);
    const blocks = chain.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----\n/g);
    for (const block of blocks ?? []) expect(new X509Certificate(block).subject).not.toBe("");
    // Each profile carries the same chain.
    const info = ok(await pres("RetrieveInfo", { stat: "all" }));
    const profiles = info.pro as { ext?: { name: string; value: string }[] }[];
    for (const profile of profiles) {
      expect(profile.ext).toContainEqual({
        name: "urn:scriptorium:tsa-certificates",
        value: chain,
      });
    }
  });

  it("accepts the record for its data object", async () => {
    await writeFile(path.join(dir, "data"), data);
    const result = run(dir, await auditorCommands());
    expect(result.output).toMatch(/hash-tree root: [0-9a-f]{64}/);
    expect(result.output).toContain("Verification: OK");
    expect(result.output).not.toContain("does not cover");
  });

  it("refuses it for a data object with one byte changed", async () => {
    const changed = Buffer.from(data);
    changed[0] = changed[0]! ^ 0x20;
    await writeFile(path.join(dir, "data"), changed);
    const result = run(dir, await auditorCommands());
    expect(result.output).toContain("The record does not cover this data.");
    expect(result.output).not.toContain("Verification: OK");
  });
});
