// Evidence sealed by earlier releases lives on in every archive's database and every TSA key file:
// it must keep validating, and re-encoding it must give the very bytes that were stored.
// fixtures/sealed-records.json was made by the hand-written DER encoder that preceded the ASN.1
// library (one version of three data objects with a hash tree, one of a lone data object). Its key
// is a throwaway test key, kept with its private part so that loading a persisted key file is tested.
import { createHash, createPrivateKey, createPublicKey } from "node:crypto";
import { readFileSync } from "node:fs";
import { Certificate } from "@peculiar/asn1-x509";
import { AsnConvert } from "@peculiar/asn1-schema";
import type { JWK } from "jose";
import { describe, expect, it } from "vitest";
import { createTsaCertificate } from "./certificate";
import { parseEvidenceRecordDer, serializeEvidenceRecordDer } from "./ers-der";
import { parseEvidenceRecordXml, serializeEvidenceRecordXml } from "./ers-xml";
import { EVIDENCE_FORMAT, loadTsa, validateEvidenceRecord } from "./index";

interface Fixture {
  privateJwk: JWK;
  versions: {
    time: string;
    records: { id: string; content: string; xml: string; der: string }[];
  }[];
}

const fixture = JSON.parse(
  readFileSync(new URL("./fixtures/sealed-records.json", import.meta.url), "utf8"),
) as Fixture;
const tsa = loadTsa(fixture.privateJwk);
const records = fixture.versions.flatMap((version) =>
  version.records.map((record) => ({ ...record, time: version.time })),
);

describe("evidence sealed by earlier releases", () => {
  it("validates in both syntaxes against its data object, with the proof of existence it had", async () => {
    for (const record of records) {
      for (const [form, format] of [
        [record.xml, EVIDENCE_FORMAT.xml],
        [Buffer.from(record.der, "base64"), EVIDENCE_FORMAT.der],
      ] as const) {
        const result = await validateEvidenceRecord({
          record: form,
          dataObject: Buffer.from(record.content),
          trustedKeys: [tsa.publicJwk],
        });
        expect(result).toMatchObject({ valid: true, poe: record.time, format });
      }
    }
  });

  it("is still invalid for another data object", async () => {
    const result = await validateEvidenceRecord({
      record: Buffer.from(records[0]!.der, "base64"),
      dataObject: Buffer.from(records[1]!.content),
      trustedKeys: [tsa.publicJwk],
    });
    expect(result.valid).toBe(false);
  });

  it("re-encodes to the bytes that were stored", () => {
    for (const record of records) {
      const der = Buffer.from(record.der, "base64");
      expect(serializeEvidenceRecordDer(parseEvidenceRecordDer(der)).equals(der)).toBe(true);
      expect(serializeEvidenceRecordXml(parseEvidenceRecordXml(record.xml))).toBe(record.xml);
    }
  });

  it("comes with a TSA key file that still loads, and whose certificate body is rebuilt identically", () => {
    const stored = Buffer.from(fixture.privateJwk.x5c![0]!, "base64");
    expect(tsa.kid).toBe(fixture.privateJwk.kid);
    expect(tsa.certificates[0]!.equals(stored)).toBe(true);
    const old = AsnConvert.parse(stored, Certificate);
    const privateKey = createPrivateKey({ key: fixture.privateJwk, format: "jwk" });
    const rebuilt = AsnConvert.parse(
      createTsaCertificate({
        privateKey,
        publicKey: createPublicKey(privateKey),
        kid: tsa.kid,
        notBefore: old.tbsCertificate.validity.notBefore.getTime(),
      }),
      Certificate,
    );
    const digest = (bytes: ArrayBuffer | undefined) =>
      createHash("sha256")
        .update(Buffer.from(bytes ?? new ArrayBuffer(0)))
        .digest("hex");
    expect(digest(rebuilt.tbsCertificateRaw)).toBe(digest(old.tbsCertificateRaw));
  });
});
