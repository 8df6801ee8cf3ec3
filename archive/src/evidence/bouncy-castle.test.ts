// Evidence records made by another implementation, Bouncy Castle's ERS classes (ErsRenewal.java): an
// initial record, its time-stamp renewal and the hash-tree renewal of that to SHA-512. The archive's
// validator accepts each for its data object, and refuses it once any byte of it, or of the data
// object, changes, or when its time-stamps are not by a trusted key.
import { randomBytes, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateTsaKey, validateEvidenceRecord, type ValidationResult } from "./index";
import { JAVA_WITH_BOUNCY_CASTLE, runBouncyCastleErs } from "./testing/tools";

const failing = (result: ValidationResult) =>
  result.checks.filter((check) => !check.ok).map((check) => check.name);

describe.skipIf(!JAVA_WITH_BOUNCY_CASTLE())("records renewed by Bouncy Castle", () => {
  const dir = mkdtempSync(join(tmpdir(), "bc-ers-"));
  const data = randomBytes(2000);
  let trustedKeys: JWK[];
  const record = (name: string) => readFileSync(join(dir, `${name}.ers`));
  beforeAll(() => {
    writeFileSync(join(dir, "data.bin"), data);
    runBouncyCastleErs(join(dir, "data.bin"), dir);
    const certificate = new X509Certificate(readFileSync(join(dir, "tsa.pem")));
    trustedKeys = [certificate.publicKey.export({ format: "jwk" }) as JWK];
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("validates the initial, the time-stamp-renewed and the hash-tree-renewed record", async () => {
    const first = await validateEvidenceRecord({
      record: record("initial"),
      dataObject: data,
      trustedKeys,
    });
    expect(first).toMatchObject({ valid: true });
    for (const name of ["timestamp-renewed", "hashtree-renewed"]) {
      const result = await validateEvidenceRecord({
        record: record(name),
        dataObject: data,
        trustedKeys,
      });
      expect(result, failing(result).join()).toMatchObject({ valid: true, poe: first.poe });
      expect(result.checks.filter((c) => c.name === "renewal").length).toBeGreaterThan(0);
    }
    const rehashed = await validateEvidenceRecord({
      record: record("hashtree-renewed"),
      dataObject: data,
      trustedKeys,
    });
    expect(rehashed.checks[0]!.detail).toMatch(
      /2 chain\(s\) of 3 archive time-stamps.*sha256, sha512/,
    );
  });

  it("refuses them for another data object, and when no trusted key signed them", async () => {
    for (const name of ["initial", "timestamp-renewed", "hashtree-renewed"]) {
      const other = await validateEvidenceRecord({
        record: record(name),
        dataObject: Buffer.concat([data, Buffer.from([0])]),
        trustedKeys,
      });
      expect(failing(other)).toContain("data-object-digest");
      const stranger = await validateEvidenceRecord({
        record: record(name),
        dataObject: data,
        trustedKeys: [generateTsaKey().publicJwk],
      });
      expect(failing(stranger)).toContain("timestamp-trust");
    }
  });

  it("refuses the renewed record once any one of its bytes changes (every eleventh, from a random start)", async () => {
    const bytes = record("hashtree-renewed");
    for (let at = randomBytes(1)[0]! % 11; at < bytes.length; at += 11) {
      const changed = Buffer.from(bytes);
      changed[at] = changed[at]! ^ 0x01;
      const result = await validateEvidenceRecord({
        record: changed,
        dataObject: data,
        trustedKeys,
      });
      expect(result.valid, `byte ${at}`).toBe(false);
    }
  }, 60_000);
});
