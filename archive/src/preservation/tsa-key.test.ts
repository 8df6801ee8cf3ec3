// What the archive publishes of its time-stamp authority: keys/tsa-certificates.pem, readable by
// anyone (0644), holds certificates and nothing else, while the private key stays in keys/tsa.json,
// readable by the archive alone (0600). An operator's chain file that also holds a key (a combined
// PEM) publishes only its certificates.
import { X509Certificate } from "node:crypto";
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { generateTsaKey } from "../evidence";
import { certificatesPem, loadArchiveTsa } from "./tsa-key";

// One or more PEM certificates, from the first character to the last: nothing before, between or after.
const ONLY_CERTIFICATES =
  /^(?:-----BEGIN CERTIFICATE-----\n(?:[A-Za-z0-9+/=]{1,64}\n)+-----END CERTIFICATE-----\n)+$/;

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "tsa-key-"));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const mode = async (file: string) => (await stat(file)).mode & 0o777;
const keys = (file: string) => path.join(dataDir, "keys", file);

// Every block of a PEM text parses as an X.509 certificate; answers them.
function certificatesOf(pem: string): X509Certificate[] {
  const blocks = [...pem.matchAll(/-----BEGIN ([A-Z ]+)-----[\s\S]*?-----END \1-----\n/g)];
  expect(blocks.map((b) => b[1])).toEqual(blocks.map(() => "CERTIFICATE"));
  return blocks.map((b) => new X509Certificate(b[0]));
}

describe("the published TSA chain", () => {
  it("holds only the certificate of the archive's own key, public, apart from the private key", async () => {
    const { tsa, publicJwk } = await loadArchiveTsa({ dataDir });
    const published = await readFile(keys("tsa-certificates.pem"), "utf8");
    expect(published).toMatch(ONLY_CERTIFICATES);
    expect(published).not.toMatch(/PRIVATE KEY/);
    const [certificate, ...rest] = certificatesOf(published);
    expect(rest).toEqual([]);
    expect(
      certificate!.publicKey.export({ format: "jwk" }) as Record<string, unknown>,
    ).toMatchObject({ x: publicJwk.x, y: publicJwk.y });
    expect(published).toBe(certificatesPem(tsa.certificates));

    const privateJwk = JSON.parse(await readFile(keys("tsa.json"), "utf8")) as { d?: string };
    expect(privateJwk.d).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(published).not.toContain(privateJwk.d);
    expect(JSON.stringify(publicJwk)).not.toContain(privateJwk.d);

    expect(await mode(keys("tsa.json"))).toBe(0o600);
    expect(await mode(keys("tsa-certificates.pem"))).toBe(0o644);
  });

  it("is rewritten at start with mode 0644 and the key kept at 0600, whatever the files had", async () => {
    await loadArchiveTsa({ dataDir });
    const key = await readFile(keys("tsa.json"), "utf8");
    await writeFile(keys("tsa-certificates.pem"), "stale");
    await chmod(keys("tsa-certificates.pem"), 0o600);
    await loadArchiveTsa({ dataDir });
    expect(await readFile(keys("tsa.json"), "utf8")).toBe(key);
    expect(await readFile(keys("tsa-certificates.pem"), "utf8")).toMatch(ONLY_CERTIFICATES);
    expect(await mode(keys("tsa-certificates.pem"))).toBe(0o644);
    expect(await mode(keys("tsa.json"))).toBe(0o600);
  });

  it("publishes only the certificates of an external authority's chain file that also holds a key", async () => {
    const external = generateTsaKey();
    const certificate = Buffer.from(external.publicJwk.x5c![0]!, "base64");
    const combined = path.join(dataDir, "operator", "tsa-chain.pem");
    await mkdir(path.dirname(combined), { recursive: true });
    const keyPem = `-----BEGIN PRIVATE KEY-----\n${Buffer.from(external.privateJwk.d!).toString("base64")}\n-----END PRIVATE KEY-----\n`;
    await writeFile(combined, `${keyPem}${certificatesPem([certificate])}`);

    const { tsa } = await loadArchiveTsa({
      dataDir,
      externalTsa: { url: "http://127.0.0.1:9/tsa", certificatesFile: combined, timeoutMs: 1000 },
    });
    const published = await readFile(keys("tsa-certificates.pem"), "utf8");
    expect(published).toMatch(ONLY_CERTIFICATES);
    expect(published).not.toMatch(/PRIVATE KEY/);
    expect(published).not.toContain(Buffer.from(external.privateJwk.d!).toString("base64"));
    expect(certificatesOf(published).map((c) => c.raw)).toEqual([certificate]);
    expect(tsa.certificates).toEqual([certificate]);
    expect(await mode(keys("tsa-certificates.pem"))).toBe(0o644);
  });
});
