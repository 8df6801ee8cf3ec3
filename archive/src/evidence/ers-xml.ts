// RFC 6283 (XMLERS) evidence records: a readable, stable serialization and a strict parser that refuses
// anything it does not understand, so a changed byte is reported rather than skipped.
import { decodeBase64, EvidenceFormatError, type EvidenceRecordContent } from "./record";
import {
  elementsOf,
  expectAttributes,
  expectChildren,
  ordered,
  readRootElement,
  textOf,
  type XmlElement,
} from "./xml-reader";

export const ERS_NAMESPACE = "urn:ietf:params:xml:ns:ers";
export const XML_SHA256 = "http://www.w3.org/2001/04/xmlenc#sha256";
export const XML_C14N = "http://www.w3.org/TR/2001/REC-xml-c14n-20010315";
// Canonicalization only matters for XML data objects; the archive hashes every data object as octets.
const KNOWN_C14N = new Set([
  XML_C14N,
  "http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments",
  "http://www.w3.org/2006/12/xml-c14n11",
  "http://www.w3.org/2001/10/xml-exc-c14n#",
]);
// The RFC 6283 registries (IANA "XML Evidence Record Syntax").
const CRYPTOGRAPHIC_INFORMATION_TYPES = new Set(["CERT", "CRL", "OCSP", "SCVP"]);

function wrapBase64(bytes: Buffer, indent: string): string {
  const lines = bytes.toString("base64").match(/.{1,76}/g) ?? [];
  return `\n${lines.map((line) => `${indent}  ${line}`).join("\n")}\n${indent}`;
}

// Serializes one evidence record as RFC 6283 XML (UTF-8, two-space indentation, base64 wrapped at 76).
export function serializeEvidenceRecordXml(content: EvidenceRecordContent): string {
  const out: string[] = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<EvidenceRecord xmlns="${ERS_NAMESPACE}" Version="1.0">`,
    `  <ArchiveTimeStampSequence>`,
    `    <ArchiveTimeStampChain Order="1">`,
    `      <DigestMethod Algorithm="${XML_SHA256}"/>`,
    `      <CanonicalizationMethod Algorithm="${XML_C14N}"/>`,
    `      <ArchiveTimeStamp Order="1">`,
  ];
  if (content.reducedHashTree.length > 0) {
    out.push(`        <HashTree>`);
    content.reducedHashTree.forEach((list, index) => {
      out.push(`          <Sequence Order="${index + 1}">`);
      // RFC 6283 3.2.1: the DigestValue elements of a Sequence appear in binary ascending order.
      for (const hash of [...list].sort(Buffer.compare)) {
        out.push(`            <DigestValue>${hash.toString("base64")}</DigestValue>`);
      }
      out.push(`          </Sequence>`);
    });
    out.push(`        </HashTree>`);
  }
  out.push(`        <TimeStamp>`);
  out.push(
    `          <TimeStampToken Type="RFC3161">${wrapBase64(content.timeStampToken, "          ")}</TimeStampToken>`,
  );
  if (content.certificates.length > 0) {
    out.push(`          <CryptographicInformationList>`);
    content.certificates.forEach((certificate, index) => {
      const body = wrapBase64(certificate, "            ");
      out.push(
        `            <CryptographicInformation Order="${index + 1}" Type="CERT">${body}</CryptographicInformation>`,
      );
    });
    out.push(`          </CryptographicInformationList>`);
  }
  out.push(`        </TimeStamp>`, `      </ArchiveTimeStamp>`, `    </ArchiveTimeStampChain>`);
  out.push(`  </ArchiveTimeStampSequence>`, `</EvidenceRecord>`, ``);
  return out.join("\n");
}

function fail(message: string): never {
  throw new EvidenceFormatError(message);
}

function readHashTree(hashTree: XmlElement, prefix: string): Buffer[][] {
  expectAttributes(hashTree, {});
  return ordered(hashTree, elementsOf(hashTree, prefix), "Sequence").map((list) =>
    elementsOf(list, prefix).map((value) => {
      if (value.name !== "DigestValue")
        fail("A hash tree Sequence may hold DigestValue elements only.");
      expectAttributes(value, {});
      const hash = decodeBase64(textOf(value), "A DigestValue");
      if (hash.length !== 32) fail("A DigestValue is not a SHA-256 value (32 bytes).");
      return hash;
    }),
  );
}

// Parses RFC 6283 XML with one chain of one archive time-stamp; throws EvidenceFormatError.
export function parseEvidenceRecordXml(xml: string): EvidenceRecordContent {
  const { root, prefix, namespaceAttribute } = readRootElement(
    xml,
    "EvidenceRecord",
    ERS_NAMESPACE,
  );
  expectAttributes(root, { [namespaceAttribute]: ERS_NAMESPACE, Version: "1.0" });
  const [sequence] = expectChildren(root, prefix, ["ArchiveTimeStampSequence"]);
  expectAttributes(sequence!, {});
  const chains = ordered(sequence!, elementsOf(sequence!, prefix), "ArchiveTimeStampChain");
  if (chains.length !== 1)
    fail("Renewed evidence records (more than one chain) are not supported yet.");
  const [digestMethod, canonicalization, ...stampElements] = elementsOf(chains[0]!, prefix);
  if (
    digestMethod?.name !== "DigestMethod" ||
    canonicalization?.name !== "CanonicalizationMethod"
  ) {
    fail("An ArchiveTimeStampChain must start with DigestMethod and CanonicalizationMethod.");
  }
  expectAttributes(digestMethod!, { Algorithm: XML_SHA256 });
  expectAttributes(canonicalization!, { Algorithm: null });
  if (!KNOWN_C14N.has(canonicalization!.attributes.Algorithm ?? ""))
    fail("The canonicalization method is not known.");
  if (textOf(digestMethod!).trim() || textOf(canonicalization!).trim())
    fail("The chain's methods must be empty.");
  const stamps = ordered(chains[0]!, stampElements, "ArchiveTimeStamp");
  if (stamps.length !== 1)
    fail("Renewed evidence records (more than one archive time-stamp) are not supported yet.");
  const stampChildren = elementsOf(stamps[0]!, prefix);
  const shape = stampChildren.map((child) => child.name).join(", ");
  if (shape !== "HashTree, TimeStamp" && shape !== "TimeStamp") {
    fail(
      `An ArchiveTimeStamp holds (${shape}) where an optional HashTree and a TimeStamp are expected.`,
    );
  }
  const timeStamp = stampChildren.at(-1)!;
  const hashTree = stampChildren.length === 2 ? stampChildren[0] : undefined;
  const reducedHashTree = hashTree ? readHashTree(hashTree, prefix) : [];

  const stampParts = elementsOf(timeStamp, prefix);
  expectAttributes(timeStamp, {});
  const [token, list, extra] = stampParts;
  if (
    token?.name !== "TimeStampToken" ||
    (list && list.name !== "CryptographicInformationList") ||
    extra
  ) {
    fail("A TimeStamp must hold a TimeStampToken and, optionally, a CryptographicInformationList.");
  }
  expectAttributes(token!, { Type: null });
  if (token!.attributes.Type !== "RFC3161")
    fail(`Time-stamps of type "${token!.attributes.Type}" are not supported; only RFC3161.`);
  const timeStampToken = decodeBase64(textOf(token!), "The TimeStampToken");
  const certificates: Buffer[] = [];
  if (list) {
    expectAttributes(list, {});
    const infos = ordered(list, elementsOf(list, prefix), "CryptographicInformation", {
      Type: null,
    });
    for (const info of infos) {
      const type = info.attributes.Type ?? "";
      if (!CRYPTOGRAPHIC_INFORMATION_TYPES.has(type))
        fail(`CryptographicInformation of type "${type}" is not registered.`);
      const bytes = decodeBase64(textOf(info), "A CryptographicInformation element");
      if (type === "CERT") certificates.push(bytes);
    }
  }
  return { reducedHashTree, timeStampToken, certificates };
}
