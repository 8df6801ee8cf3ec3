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
import { C14N_METHODS } from "./c14n";
import { EvidenceFormatError, singleStampRecord, type EvidenceRecordContent } from "./record";

const hash = () => randomBytes(32);
const token = randomBytes(700);
const certificate = randomBytes(500);
const withTree = (reducedHashTree: Buffer[][]): EvidenceRecordContent =>
  singleStampRecord(
    { reducedHashTree, timeStampToken: token, certificates: [certificate] },
    "sha256",
    XML_C14N,
  );
const tree = [[hash(), hash()].sort(Buffer.compare), [hash()], [hash()]];
const content = withTree(tree);
const xml = serializeEvidenceRecordXml(content);
const treeOf = (record: EvidenceRecordContent) => record.chains[0]!.stamps[0]!.reducedHashTree;

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
      tree[0]!.map((h) => h.toString("base64")),
    );
    expect(stamp.TimeStamp.TimeStampToken.Type).toBe("RFC3161");
    expect(stamp.TimeStamp.CryptographicInformationList.CryptographicInformation).toMatchObject({
      Order: "1",
      Type: "CERT",
    });
  });

  it("lists the digest values of a sequence in binary ascending order", () => {
    const [low, high] = [hash(), hash()].sort(Buffer.compare);
    const text = serializeEvidenceRecordXml(withTree([[high!, low!]]));
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
    const single = serializeEvidenceRecordXml(withTree([]));
    expect(single).not.toContain("HashTree");
    expect(treeOf(parseEvidenceRecordXml(single))).toEqual([]);
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
    const [first, second, third] = tree;
    expect(treeOf(parseEvidenceRecordXml(swapped))).toEqual([first, third, second]);
  });

  it("ignores how whitespace is laid out, as XML does, but nothing else", () => {
    const reflowed = xml.replace(/\n +/g, "\n\t").replace(/\n/g, "\r\n");
    expect(parseEvidenceRecordXml(reflowed)).toEqual(content);
  });

  it("refuses other namespaces, versions and time-stamp types", () => {
    reject(xml.replace(ERS_NAMESPACE, "urn:example"), /xmlns/);
    reject(xml.replace('Version="1.0"', 'Version="2.0"'), /Version/);
    reject(xml.replace('Type="RFC3161"', 'Type="XMLENTRUST"'), /XMLENTRUST/);
    reject(xml.replace(XML_SHA256, "http://www.w3.org/2000/09/xmldsig#sha1"), /not supported/);
    reject(xml.replace(XML_SHA256, "http://www.w3.org/2001/04/xmlenc#sha512"), /64 bytes/);
  });

  it("round-trips renewed records: several chains of several time-stamps, another algorithm", () => {
    const stamp = (reducedHashTree: Buffer[][], size = 32) => ({
      reducedHashTree: reducedHashTree.map((list) => list.map((h) => h.subarray(0, size))),
      timeStampToken: randomBytes(300),
      certificates: [],
    });
    const renewed: EvidenceRecordContent = {
      chains: [
        { ...content.chains[0]!, stamps: [content.chains[0]!.stamps[0]!, stamp([[hash()]])] },
        {
          digestAlgorithm: "sha512",
          canonicalizationMethod: C14N_METHODS.exclusive,
          stamps: [stamp([[randomBytes(64), randomBytes(64)].sort(Buffer.compare)], 64), stamp([])],
        },
      ],
    };
    const text = serializeEvidenceRecordXml(renewed);
    expect(text.match(/<ArchiveTimeStampChain Order="\d">/g)).toHaveLength(2);
    expect(text).toContain('<ArchiveTimeStamp Order="2">');
    expect(parseEvidenceRecordXml(text)).toEqual(renewed);
    expect(serializeEvidenceRecordXml(parseEvidenceRecordXml(text))).toBe(text);
  });

  it("refuses damaged content: bad base64, short digests, stray text, broken order, document types", () => {
    const digest = tree[1]![0]!.toString("base64");
    reject(xml.replace(digest, `${digest.slice(0, -2)}*=`), /base64/);
    reject(xml.replace(digest, randomBytes(20).toString("base64")), /32 bytes/);
    reject(xml.replace("<HashTree>", "<HashTree>!"), /text where only elements belong/);
    reject(xml.replace('<Sequence Order="3">', '<Sequence Order="4">'), /Order/);
    reject(`<!DOCTYPE EvidenceRecord>\n${xml.replace(/<\?xml[^>]*>\n/, "")}`, /document type/);
    reject(xml.replace("</EvidenceRecord>", "</EvidenceRecords>"), /well-formed/);
    // After the root element only whitespace may follow, up to the very end of the document.
    for (const tail of ["&", "x", "\n;\n"]) {
      reject(`${xml.trimEnd()}${tail}`, /outside its root element|not well-formed/);
    }
    expect(parseEvidenceRecordXml(`${xml.trimEnd()}\r\n\t \n`)).toEqual(
      parseEvidenceRecordXml(xml),
    );
    reject(
      xml.replace(
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<?xml version="1.0" encoding="UTF-9"?>',
      ),
      /declaration/,
    );
  });
});
