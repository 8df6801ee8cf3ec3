// RFC 6283 (XMLERS) evidence records: a readable, stable serialization and a strict parser that refuses
// anything it does not understand, so a changed byte is reported rather than skipped.
import type { Element } from "@xmldom/xmldom";
import { C14N_METHODS, canonicalizeElement, isSupportedC14n, parseXmlDocument } from "./c14n";
import { algorithmOfXmlUri, DIGEST_ALGORITHMS, digestOf, type DigestAlgorithm } from "./digests";
import {
  decodeBase64,
  EvidenceFormatError,
  type ArchiveTimeStampChainContent,
  type ArchiveTimeStampContent,
  type EvidenceRecordContent,
} from "./record";
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
export const XML_SHA256 = DIGEST_ALGORITHMS.sha256.xml;
export const XML_C14N = C14N_METHODS.c14n;
// Canonicalization methods a record may declare; those the archive cannot compute are refused only
// where a canonical form is needed (an XML data object, a renewal).
const KNOWN_C14N = new Set<string>(Object.values(C14N_METHODS));
// The RFC 6283 registries (IANA "XML Evidence Record Syntax").
const CRYPTOGRAPHIC_INFORMATION_TYPES = new Set(["CERT", "CRL", "OCSP", "SCVP"]);

function wrapBase64(bytes: Buffer, indent: string): string {
  const lines = bytes.toString("base64").match(/.{1,76}/g) ?? [];
  return `\n${lines.map((line) => `${indent}  ${line}`).join("\n")}\n${indent}`;
}

function serializeStamp(out: string[], stamp: ArchiveTimeStampContent, order: number): void {
  out.push(`      <ArchiveTimeStamp Order="${order}">`);
  if (stamp.reducedHashTree.length > 0) {
    out.push(`        <HashTree>`);
    stamp.reducedHashTree.forEach((list, index) => {
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
    `          <TimeStampToken Type="RFC3161">${wrapBase64(stamp.timeStampToken, "          ")}</TimeStampToken>`,
  );
  if (stamp.certificates.length > 0) {
    out.push(`          <CryptographicInformationList>`);
    stamp.certificates.forEach((certificate, index) => {
      const body = wrapBase64(certificate, "            ");
      out.push(
        `            <CryptographicInformation Order="${index + 1}" Type="CERT">${body}</CryptographicInformation>`,
      );
    });
    out.push(`          </CryptographicInformationList>`);
  }
  out.push(`        </TimeStamp>`, `      </ArchiveTimeStamp>`);
}

// Serializes one evidence record as RFC 6283 XML (UTF-8, two-space indentation, base64 wrapped at 76).
export function serializeEvidenceRecordXml(content: EvidenceRecordContent): string {
  const out: string[] = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<EvidenceRecord xmlns="${ERS_NAMESPACE}" Version="1.0">`,
    `  <ArchiveTimeStampSequence>`,
  ];
  content.chains.forEach((chain, index) => {
    out.push(
      `    <ArchiveTimeStampChain Order="${index + 1}">`,
      `      <DigestMethod Algorithm="${DIGEST_ALGORITHMS[chain.digestAlgorithm].xml}"/>`,
      `      <CanonicalizationMethod Algorithm="${chain.canonicalizationMethod}"/>`,
    );
    chain.stamps.forEach((stamp, order) => serializeStamp(out, stamp, order + 1));
    out.push(`    </ArchiveTimeStampChain>`);
  });
  out.push(`  </ArchiveTimeStampSequence>`, `</EvidenceRecord>`, ``);
  return out.join("\n");
}

function fail(message: string): never {
  throw new EvidenceFormatError(message);
}

function readHashTree(
  hashTree: XmlElement,
  prefix: string,
  algorithm: DigestAlgorithm,
): Buffer[][] {
  expectAttributes(hashTree, {});
  const length = DIGEST_ALGORITHMS[algorithm].length;
  return ordered(hashTree, elementsOf(hashTree, prefix), "Sequence").map((list) =>
    elementsOf(list, prefix).map((value) => {
      if (value.name !== "DigestValue")
        fail("A hash tree Sequence may hold DigestValue elements only.");
      expectAttributes(value, {});
      const hash = decodeBase64(textOf(value), "A DigestValue");
      if (hash.length !== length)
        fail(`A DigestValue is not a ${algorithm} value (${length} bytes).`);
      return hash;
    }),
  );
}

function readStamp(
  stamp: XmlElement,
  prefix: string,
  algorithm: DigestAlgorithm,
): ArchiveTimeStampContent {
  const stampChildren = elementsOf(stamp, prefix);
  const shape = stampChildren.map((child) => child.name).join(", ");
  if (shape !== "HashTree, TimeStamp" && shape !== "TimeStamp") {
    fail(
      `An ArchiveTimeStamp holds (${shape}) where an optional HashTree and a TimeStamp are expected.`,
    );
  }
  const timeStamp = stampChildren.at(-1)!;
  const hashTree = stampChildren.length === 2 ? stampChildren[0] : undefined;
  const reducedHashTree = hashTree ? readHashTree(hashTree, prefix, algorithm) : [];

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

function readChain(chain: XmlElement, prefix: string): ArchiveTimeStampChainContent {
  const [digestMethod, canonicalization, ...stampElements] = elementsOf(chain, prefix);
  if (
    digestMethod?.name !== "DigestMethod" ||
    canonicalization?.name !== "CanonicalizationMethod"
  ) {
    fail("An ArchiveTimeStampChain must start with DigestMethod and CanonicalizationMethod.");
  }
  expectAttributes(digestMethod!, { Algorithm: null });
  const digestAlgorithm =
    algorithmOfXmlUri(digestMethod!.attributes.Algorithm ?? "") ??
    fail(`The digest method ${digestMethod!.attributes.Algorithm} is not supported.`);
  expectAttributes(canonicalization!, { Algorithm: null });
  const canonicalizationMethod = canonicalization!.attributes.Algorithm ?? "";
  if (!KNOWN_C14N.has(canonicalizationMethod)) fail("The canonicalization method is not known.");
  if (textOf(digestMethod!).trim() || textOf(canonicalization!).trim())
    fail("The chain's methods must be empty.");
  const stamps = ordered(chain, stampElements, "ArchiveTimeStamp").map((stamp) =>
    readStamp(stamp, prefix, digestAlgorithm),
  );
  return { digestAlgorithm, canonicalizationMethod, stamps };
}

// Parses RFC 6283 XML: every chain and archive time-stamp; throws EvidenceFormatError.
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
  return { chains: chains.map((chain) => readChain(chain, prefix)) };
}

// The renewal digests of RFC 6283 4.2 (as EU DSS computes them), over the record's own text: each is
// the hash of a canonical subtree, so they are taken from the document as it stands.
export class XmlRecordDigests {
  private readonly sequence: Element;

  constructor(xml: string) {
    const document = parseXmlDocument(xml);
    const [sequence] = elementsNamed(document.documentElement!, "ArchiveTimeStampSequence");
    if (!sequence) fail("The record has no ArchiveTimeStampSequence.");
    this.sequence = sequence!;
  }

  private chain(index: number): Element {
    return (
      elementsNamed(this.sequence, "ArchiveTimeStampChain").find(
        (chain) => chain.getAttribute("Order") === String(index + 1),
      ) ?? fail(`The record has no chain ${index + 1}.`)
    );
  }

  // Time-stamp renewal: the hash of the canonical TimeStamp element of stamp `stampIndex` of a chain.
  stampRenewalDigest(chainIndex: number, stampIndex: number, chain: ArchiveTimeStampChainContent) {
    const stamp = elementsNamed(this.chain(chainIndex), "ArchiveTimeStamp").find(
      (element) => element.getAttribute("Order") === String(stampIndex + 1),
    );
    const [timeStamp] = stamp ? elementsNamed(stamp, "TimeStamp") : [];
    if (!timeStamp)
      fail(`The record has no archive time-stamp ${stampIndex + 1} in chain ${chainIndex + 1}.`);
    return digestOf(
      chain.digestAlgorithm,
      canonicalizeElement(timeStamp!, checkedMethod(chain.canonicalizationMethod)),
    );
  }

  // Hash-tree renewal: the hash of the canonical ArchiveTimeStampSequence without the chains from
  // `chainIndex` on, with that chain's algorithm and canonicalization method.
  precedingSequenceDigest(chainIndex: number, chain: ArchiveTimeStampChainContent): Buffer {
    const copy = this.sequence.cloneNode(true) as Element;
    for (const element of elementsNamed(copy, "ArchiveTimeStampChain")) {
      if (Number(element.getAttribute("Order")) >= chainIndex + 1) copy.removeChild(element);
    }
    return digestOf(
      chain.digestAlgorithm,
      canonicalizeElement(copy, checkedMethod(chain.canonicalizationMethod), this.sequence),
    );
  }
}

function checkedMethod(method: string): string {
  if (!isSupportedC14n(method))
    fail(`The canonicalization method ${method} is not one this archive can compute.`);
  return method;
}

function elementsNamed(parent: Element, localName: string): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1) {
      const element = node as Element;
      if (element.localName === localName && element.namespaceURI === ERS_NAMESPACE)
        found.push(element);
    }
  }
  return found;
}
