import { randomBytes } from "node:crypto";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import {
  ERS_NAMESPACE,
  parseEvidenceRecordXml,
  serializeEvidenceRecordXml,
  XML_C14N,
  XML_SHA256,
} from "./ers-xml";
import { EvidenceFormatError, type EvidenceRecordContent } from "./record";

const hash = () => randomBytes(32);
const content: EvidenceRecordContent = {
  reducedHashTree: [[hash(), hash()].sort(Buffer.compare), [hash()], [hash()]],
  timeStampToken: randomBytes(700),
  certificates: [randomBytes(500)],
};
const xml = serializeEvidenceRecordXml(content);

const reject = (text: string, message: RegExp) => {
  expect(() => parseEvidenceRecordXml(text)).toThrow(EvidenceFormatError);
  expect(() => parseEvidenceRecordXml(text)).toThrow(message);
};

describe("RFC 6283 serialization", () => {
  it("writes the EvidenceRecord structure RFC 6283 defines", () => {
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(xml);
    const record = parsed.EvidenceRecord;
    expect(record).toMatchObject({ xmlns: ERS_NAMESPACE, Version: "1.0" });
    const chain = record.ArchiveTimeStampSequence.ArchiveTimeStampChain;
    expect(chain.Order).toBe("1");
    expect(chain.DigestMethod.Algorithm).toBe(XML_SHA256);
    expect(chain.CanonicalizationMethod.Algorithm).toBe(XML_C14N);
    const stamp = chain.ArchiveTimeStamp;
    expect(stamp.Order).toBe("1");
    expect(stamp.HashTree.Sequence.map((list: { Order: string }) => list.Order)).toEqual([
      "1",
      "2",
      "3",
    ]);
    expect(stamp.HashTree.Sequence[0].DigestValue).toEqual(
      content.reducedHashTree[0]!.map((h) => h.toString("base64")),
    );
    expect(stamp.TimeStamp.TimeStampToken.Type).toBe("RFC3161");
    expect(stamp.TimeStamp.CryptographicInformationList.CryptographicInformation).toMatchObject({
      Order: "1",
      Type: "CERT",
    });
  });

  it("lists the digest values of a sequence in binary ascending order", () => {
    const [low, high] = [hash(), hash()].sort(Buffer.compare);
    const text = serializeEvidenceRecordXml({ ...content, reducedHashTree: [[high!, low!]] });
    expect(text.indexOf(low!.toString("base64"))).toBeLessThan(
      text.indexOf(high!.toString("base64")),
    );
  });

  it("is readable: indented, base64 wrapped at 76 characters, one line per digest value", () => {
    const lines = xml.split("\n");
    expect(lines[0]).toBe(`<?xml version="1.0" encoding="UTF-8"?>`);
    expect(Math.max(...lines.map((line) => line.trim().length))).toBeLessThanOrEqual(100);
    expect(lines.filter((line) => line.trim().startsWith("<DigestValue>"))).toHaveLength(4);
  });

  it("omits the hash tree when the time-stamp covers one data object directly", () => {
    const single = serializeEvidenceRecordXml({ ...content, reducedHashTree: [] });
    expect(single).not.toContain("HashTree");
    expect(parseEvidenceRecordXml(single).reducedHashTree).toEqual([]);
  });
});

describe("RFC 6283 parsing", () => {
  it("round-trips what it writes, byte for byte", () => {
    const parsed = parseEvidenceRecordXml(xml);
    expect(parsed).toEqual(content);
    expect(serializeEvidenceRecordXml(parsed)).toBe(xml);
  });

  it("reads a record that binds the namespace to a prefix and orders elements by their Order", () => {
    const prefixed = xml
      .replace(/<(\/?)([A-Z])/g, "<$1ers:$2")
      .replace(`xmlns="${ERS_NAMESPACE}"`, `xmlns:ers="${ERS_NAMESPACE}"`)
      .replace(/<\?xml[^>]*>\n/, "");
    expect(parseEvidenceRecordXml(prefixed)).toEqual(content);
    const swapped = xml
      .replace('<Sequence Order="2">', '<Sequence Order="X">')
      .replace('<Sequence Order="3">', '<Sequence Order="2">')
      .replace('<Sequence Order="X">', '<Sequence Order="3">');
    const [first, second, third] = content.reducedHashTree;
    expect(parseEvidenceRecordXml(swapped).reducedHashTree).toEqual([first, third, second]);
  });

  it("ignores how whitespace is laid out, as XML does, but nothing else", () => {
    const reflowed = xml.replace(/\n +/g, "\n\t").replace(/\n/g, "\r\n");
    expect(parseEvidenceRecordXml(reflowed)).toEqual(content);
  });

  it("refuses other namespaces, versions and time-stamp types", () => {
    reject(xml.replace(ERS_NAMESPACE, "urn:example"), /xmlns/);
    reject(xml.replace('Version="1.0"', 'Version="2.0"'), /Version/);
    reject(xml.replace('Type="RFC3161"', 'Type="XMLENTRUST"'), /XMLENTRUST/);
    reject(xml.replace(XML_SHA256, "http://www.w3.org/2001/04/xmlenc#sha512"), /Algorithm/);
  });

  it("refuses renewed records, which this validator does not handle yet", () => {
    const chain = /( *<ArchiveTimeStampChain Order="1">[\s\S]*<\/ArchiveTimeStampChain>\n)/.exec(
      xml,
    )![1]!;
    reject(
      xml.replace(chain, chain + chain.replace('Order="1"', 'Order="2"')),
      /more than one chain/,
    );
  });

  it("refuses damaged content: bad base64, short digests, stray text, broken order, document types", () => {
    const digest = content.reducedHashTree[1]![0]!.toString("base64");
    reject(xml.replace(digest, `${digest.slice(0, -2)}*=`), /base64/);
    reject(xml.replace(digest, randomBytes(20).toString("base64")), /32 bytes/);
    reject(xml.replace("<HashTree>", "<HashTree>!"), /text where only elements belong/);
    reject(xml.replace('<Sequence Order="3">', '<Sequence Order="4">'), /Order/);
    reject(`<!DOCTYPE EvidenceRecord>\n${xml.replace(/<\?xml[^>]*>\n/, "")}`, /document type/);
    reject(xml.replace("</EvidenceRecord>", "</EvidenceRecords>"), /well-formed/);
    reject(
      xml.replace(
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<?xml version="1.0" encoding="UTF-9"?>',
      ),
      /declaration/,
    );
  });
});
