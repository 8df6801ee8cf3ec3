import { execFileSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { calculateJwkThumbprint } from "jose";
import { afterAll, describe, expect, it } from "vitest";
import { decodeDer } from "./testing/der-view";
import { generateTsaKey, jwkThumbprint, loadTsa } from "./timestamp";
import { OID } from "./oids";
import { readTimeStampToken } from "./timestamp-token";
import { verifyTimeStampSignature } from "./timestamp-verify";

const key = generateTsaKey();
const tsa = loadTsa(key.privateJwk);
const digest = createHash("sha256").update("the root of a hash tree").digest();
const time = new Date("2026-02-03T04:05:06.789Z");

const hasOpenssl = (() => {
  try {
    execFileSync("openssl", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
const workDir = mkdtempSync(join(tmpdir(), "scriptorium-tsa-"));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe("TSA keys", () => {
  it("generates a P-256 key whose kid is its RFC 7638 thumbprint, with no secret in the public JWK", async () => {
    expect(key.publicJwk).toMatchObject({ kty: "EC", crv: "P-256", kid: key.kid, alg: "ES256" });
    expect(key.publicJwk).not.toHaveProperty("d");
    expect(key.privateJwk.d).toEqual(expect.any(String));
    expect(key.kid).toBe(await calculateJwkThumbprint(key.publicJwk, "sha256"));
    expect(jwkThumbprint(key.privateJwk)).toBe(key.kid);
  });

  it("loads the same TSA from the persisted private JWK, with or without its certificate", () => {
    expect(tsa.kid).toBe(key.kid);
    expect(tsa.certificates[0]!.toString("base64")).toBe(key.privateJwk.x5c?.[0]);
    const withoutCertificate = loadTsa({ ...key.privateJwk, x5c: undefined });
    expect(withoutCertificate.kid).toBe(key.kid);
    expect(
      new X509Certificate(withoutCertificate.certificates[0]!).publicKey.equals(
        new X509Certificate(tsa.certificates[0]!).publicKey,
      ),
    ).toBe(true);
  });

  it("refuses keys it cannot use and a certificate of another key", () => {
    expect(() => loadTsa(key.publicJwk)).toThrow(/private EC P-256/);
    expect(() => loadTsa({ ...key.privateJwk, x5c: generateTsaKey().publicJwk.x5c })).toThrow(
      /another key/,
    );
  });

  it("wraps the key in a self-signed certificate for time-stamping only", () => {
    const certificate = new X509Certificate(tsa.certificates[0]!);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(certificate.issuer).toBe(certificate.subject);
    expect(certificate.keyUsage).toEqual(["1.3.6.1.5.5.7.3.8"]);
    expect(certificate.subject).toContain("Scriptorium archive time-stamp authority");
  });
});

describe("RFC 3161 time-stamp tokens", () => {
  it("states the time and the time-stamped digest, and verifies with the TSA's key", async () => {
    const token = readTimeStampToken(await tsa.timestamp({ digest, time }));
    expect(token.genTime.toISOString()).toBe(time.toISOString());
    expect(token.hashedMessage.equals(digest)).toBe(true);
    expect(token.imprintAlgorithm).toBe("2.16.840.1.101.3.4.2.1");
    const result = verifyTimeStampSignature(token);
    expect(result.ok).toBe(true);
    expect(result.signerCertificate?.equals(tsa.certificates[0]!)).toBe(true);
  });

  it("gives every token its own serial number", async () => {
    const [a, b] = await Promise.all([
      tsa.timestamp({ digest, time }),
      tsa.timestamp({ digest, time }),
    ]);
    expect(a.equals(b)).toBe(false);
  });

  it("fails the signature when the signed time-stamp information changes", async () => {
    const raw = await tsa.timestamp({ digest, time });
    const at = raw.indexOf(digest);
    raw[at]! ^= 0x01;
    const token = readTimeStampToken(raw);
    expect(verifyTimeStampSignature(token)).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/message digest/),
    });
  });

  it("lists the signed attributes in DER order, ascending by their encodings", async () => {
    const token = readTimeStampToken(await tsa.timestamp({ digest, time }));
    const members = decodeDer(token.signer.signedAttributes).children.map((child) => child.raw);
    expect(members).toHaveLength(3);
    expect([...members].sort(Buffer.compare)).toEqual(members);
  });

  it("refuses to time-stamp a value that is not of the algorithm it names", async () => {
    await expect(tsa.timestamp({ digest: Buffer.alloc(20), time })).rejects.toThrow(/sha256/);
    await expect(
      tsa.timestamp({ digest: Buffer.alloc(32), algorithm: "sha512", time }),
    ).rejects.toThrow(/sha512/);
    const token = readTimeStampToken(
      await tsa.timestamp({ digest: Buffer.alloc(64, 7), algorithm: "sha512", time }),
    );
    expect(token.imprintAlgorithm).toBe(OID.sha512);
  });
});

describe.skipIf(!hasOpenssl)("interoperability with OpenSSL", () => {
  it("OpenSSL verifies the archive's tokens", async () => {
    writeFileSync(join(workDir, "token.der"), await tsa.timestamp({ digest, time }));
    writeFileSync(join(workDir, "tsa.pem"), new X509Certificate(tsa.certificates[0]!).toString());
    const output = execFileSync(
      "openssl",
      [
        "ts",
        "-verify",
        "-digest",
        digest.toString("hex"),
        "-in",
        "token.der",
        "-token_in",
        "-CAfile",
        "tsa.pem",
      ],
      { cwd: workDir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
    );
    expect(output).toContain("Verification: OK");
  });

  it("reads and verifies an RSA token issued by an OpenSSL TSA", () => {
    const config = [
      "[ tsa ]",
      "default_tsa = tsa_config",
      "[ tsa_config ]",
      `serial = ${join(workDir, "serial")}`,
      "signer_digest = sha256",
      "default_policy = 1.2.3.4.1",
      "digests = sha256",
      "ess_cert_id_alg = sha256",
      "[ req ]",
      "distinguished_name = dn",
      "prompt = no",
      "[ dn ]",
      "CN = OpenSSL test TSA",
      "[ ext ]",
      "extendedKeyUsage = critical,timeStamping",
    ].join("\n");
    writeFileSync(join(workDir, "ts.cnf"), config);
    writeFileSync(join(workDir, "serial"), "01\n");
    const run = (args: string[]) =>
      execFileSync("openssl", args, { cwd: workDir, stdio: "ignore" });
    run([
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      "rsa.key",
      "-out",
      "rsa.pem",
      "-days",
      "2",
      "-config",
      "ts.cnf",
      "-extensions",
      "ext",
    ]);
    run([
      "ts",
      "-query",
      "-digest",
      digest.toString("hex"),
      "-sha256",
      "-cert",
      "-out",
      "query.tsq",
    ]);
    run([
      "ts",
      "-reply",
      "-queryfile",
      "query.tsq",
      "-inkey",
      "rsa.key",
      "-signer",
      "rsa.pem",
      "-config",
      "ts.cnf",
      "-token_out",
      "-out",
      "rsa-token.der",
    ]);
    const token = readTimeStampToken(readFileSync(join(workDir, "rsa-token.der")));
    expect(token.hashedMessage.equals(digest)).toBe(true);
    expect(verifyTimeStampSignature(token).ok).toBe(true);
  });
});
