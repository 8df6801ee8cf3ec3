// Canonical XML for RFC 6283: XML data objects are hashed in their canonical form, and renewals hash
// canonical subtrees of the record itself (a TimeStamp element, the ArchiveTimeStampSequence).
// Canonicalization is xml-crypto's over @xmldom/xmldom; this module adds what it leaves to its
// callers: the document around the root element, encodings, and the order of attributes.
import { DOMParser, type Document, type Element, type Node } from "@xmldom/xmldom";
import {
  C14nCanonicalization,
  C14nCanonicalizationWithComments,
  ExclusiveCanonicalization,
  ExclusiveCanonicalizationWithComments,
} from "xml-crypto";

export const C14N_METHODS = {
  c14n: "http://www.w3.org/TR/2001/REC-xml-c14n-20010315",
  c14nWithComments: "http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments",
  exclusive: "http://www.w3.org/2001/10/xml-exc-c14n#",
  exclusiveWithComments: "http://www.w3.org/2001/10/xml-exc-c14n#WithComments",
  c14n11: "http://www.w3.org/2006/12/xml-c14n11",
} as const;

export class CanonicalizationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CanonicalizationError";
  }
}

type AttrLike = { namespaceURI: string | null; localName: string | null };

// Canonical XML orders attributes by namespace URI, then local name (C14N 1.0 section 2.2). The
// library compares the two joined into one string, which misorders e.g. {http://a}bc before
// {http://ab}c; comparing them in turn is the specification's order.
function attrCompare(a: AttrLike, b: AttrLike): number {
  const ua = a.namespaceURI ?? "";
  const ub = b.namespaceURI ?? "";
  if (ua !== ub) return ua < ub ? -1 : 1;
  const la = a.localName ?? "";
  const lb = b.localName ?? "";
  return la === lb ? 0 : la < lb ? -1 : 1;
}

type Inner = (node: Node, ...rest: unknown[]) => string;

// Two corrections, each a step of the specification the library leaves out: attributes in the
// specification's order (above), and processing instructions inside the root element, which the
// library would write as their text.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's constructor must take any[]
type Canonicalizer = new (...args: any[]) => {
  attrCompare(a: unknown, b: unknown): number;
  // never: the library types its DOM with the DOM lib or with xmldom, depending on the program.
  process(node: never, options: never): unknown;
};

function corrected<T extends Canonicalizer>(Base: T) {
  return class extends Base {
    override attrCompare(a: unknown, b: unknown): 1 | 0 | -1 {
      return attrCompare(a as AttrLike, b as AttrLike) as 1 | 0 | -1;
    }

    processInner(node: Node, ...rest: unknown[]): string {
      if (node.nodeType === 7) {
        const pi = node as unknown as { target: string; data: string };
        return `<?${pi.target}${pi.data ? ` ${pi.data}` : ""}?>`;
      }
      return (Base.prototype as unknown as { processInner: Inner }).processInner.call(
        this,
        node,
        ...rest,
      );
    }
  };
}

const InclusiveC14n = corrected(C14nCanonicalization);
const InclusiveC14nWithComments = corrected(C14nCanonicalizationWithComments);
const ExclusiveC14n = corrected(ExclusiveCanonicalization);
const ExclusiveC14nWithComments = corrected(ExclusiveCanonicalizationWithComments);

const CANONICALIZERS: Record<
  string,
  { make(): { process(node: Node, options: object): unknown }; comments: boolean }
> = {
  [C14N_METHODS.c14n]: { make: () => new InclusiveC14n(), comments: false },
  [C14N_METHODS.c14nWithComments]: { make: () => new InclusiveC14nWithComments(), comments: true },
  [C14N_METHODS.exclusive]: { make: () => new ExclusiveC14n(), comments: false },
  [C14N_METHODS.exclusiveWithComments]: {
    make: () => new ExclusiveC14nWithComments(),
    comments: true,
  },
};

export function isSupportedC14n(method: string): boolean {
  return Object.hasOwn(CANONICALIZERS, method);
}

function canonicalizer(method: string) {
  const entry = CANONICALIZERS[method];
  if (!entry) {
    throw new CanonicalizationError(
      `The canonicalization method ${method} is not one this archive implements (it implements ${Object.keys(CANONICALIZERS).join(", ")}).`,
    );
  }
  return entry;
}

const ENCODING = /^<\?xml[^>]*encoding[ \t\r\n]*=[ \t\r\n]*(["'])([A-Za-z0-9._-]+)\1/;

// The text of XML bytes: a BOM or the declaration's encoding names the encoding, else UTF-8.
export function decodeXml(bytes: Uint8Array): string {
  let label = "utf-8";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) label = "utf-16be";
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) label = "utf-16le";
  else {
    const head = Buffer.from(bytes.subarray(0, 200)).toString("latin1");
    label = ENCODING.exec(head)?.[2]?.toLowerCase() ?? "utf-8";
  }
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(label, { fatal: true });
  } catch {
    throw new CanonicalizationError(
      `The XML declares the encoding "${label}", which is not known.`,
    );
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw new CanonicalizationError(`The XML is not valid ${label} text.`);
  }
}

// Parses XML text into a DOM; a well-formedness error or a DOCTYPE (whose declarations canonical XML
// would have to apply: default attributes, entities) is refused with a sentence saying so.
export function parseXmlDocument(text: string): Document {
  const problems: string[] = [];
  let document: Document;
  try {
    document = new DOMParser({
      onError: (level, message) => {
        if (level !== "warning") problems.push(message);
      },
    }).parseFromString(text.replace(/^\uFEFF/, ""), "application/xml");
  } catch (error) {
    problems.push((error as Error).message);
    throw new CanonicalizationError(`The XML is not well-formed: ${problems[0]!.split("\n")[0]}`);
  }
  if (problems.length > 0 || !document.documentElement) {
    const first = (problems[0] ?? "it has no root element").split("\n")[0];
    throw new CanonicalizationError(`The XML is not well-formed: ${first}`);
  }
  if (document.doctype) {
    throw new CanonicalizationError(
      "The XML has a document type declaration, which this archive does not canonicalize; send it without one, or as binary data.",
    );
  }
  return document;
}

// The in-scope namespace declarations of an element's ancestors, for canonicalizing the element as a
// document subset (its own declarations come from the element itself). The library writes an
// unprefixed element's default namespace itself; only a prefixed one needs an inherited default.
function ancestorNamespaces(
  element: Element,
  apex: Element,
): { prefix: string; namespaceURI: string }[] {
  const seen = new Map<string, string>();
  const chain: Element[] = [];
  for (let node = element.parentNode; node && node.nodeType === 1; node = node.parentNode) {
    chain.unshift(node as Element);
  }
  for (const ancestor of chain) {
    for (let i = 0; i < ancestor.attributes.length; i++) {
      const attr = ancestor.attributes.item(i)!;
      if (attr.name === "xmlns") seen.set("", attr.value);
      else if (attr.name.startsWith("xmlns:")) seen.set(attr.name.slice(6), attr.value);
    }
  }
  if (!apex.prefix || seen.get("") === "") seen.delete("");
  return [...seen].map(([prefix, namespaceURI]) => ({ prefix, namespaceURI }));
}

// The canonical form of one element and its descendants, in the context of its document; a copy
// (cloned and edited) is canonicalized in the context of the element it was copied from.
export function canonicalizeElement(element: Element, method: string, context = element): Buffer {
  const { make } = canonicalizer(method);
  const out = make().process(element as unknown as Node, {
    ancestorNamespaces: ancestorNamespaces(context, element),
  });
  return Buffer.from(String(out), "utf8");
}

// The canonical form of a whole document (C14N 1.0 section 2.1): no declaration, the root element,
// and processing instructions (and comments, in the WithComments methods) outside it on their own
// lines; the library canonicalizes the root element.
export function canonicalizeDocument(document: Document, method: string): Buffer {
  const { make, comments } = canonicalizer(method);
  const parts: string[] = [];
  let beforeRoot = true;
  for (let node = document.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1) {
      parts.push(String(make().process(node as unknown as Node, {})));
      beforeRoot = false;
    } else if (node.nodeType === 7 || (node.nodeType === 8 && comments)) {
      const text =
        node.nodeType === 7
          ? `<?${(node as unknown as { target: string }).target}${(node as unknown as { data: string }).data ? ` ${(node as unknown as { data: string }).data}` : ""}?>`
          : `<!--${(node as unknown as { data: string }).data}-->`;
      parts.push(beforeRoot ? `${text}\n` : `\n${text}`);
    }
  }
  return Buffer.from(parts.join(""), "utf8");
}

// The canonical form of an XML data object's bytes.
export function canonicalizeXmlBytes(bytes: Uint8Array, method: string): Buffer {
  canonicalizer(method);
  const text = decodeXml(bytes);
  // xmldom keeps the declaration as a processing instruction; canonical XML drops it.
  const document = parseXmlDocument(text);
  const first = document.firstChild;
  if (first && first.nodeType === 7 && (first as unknown as { target: string }).target === "xml") {
    document.removeChild(first);
  }
  return canonicalizeDocument(document, method);
}
