// A strict reader over fast-xml-parser's ordered output: elements, attributes and text are taken
// exactly as declared, and anything unexpected is an EvidenceFormatError naming it.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { EvidenceFormatError } from "./record";

// XML 1.0 production [23] XMLDecl, limited to version 1.0 and UTF-8.
const XML_DECLARATION =
  /^<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])1\.0\1([ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["'])(UTF-8|utf-8)\3)?([ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(["'])(yes|no)\6)?[ \t\r\n]*\?>/;

type OrderedNode = Record<string, unknown>;

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  nodes: OrderedNode[];
}

function fail(message: string): never {
  throw new EvidenceFormatError(message);
}

function nodeName(node: OrderedNode): string {
  return Object.keys(node).find((key) => key !== ":@") ?? "";
}

// The element children of `parent`; text between them may only be whitespace.
export function elementsOf(parent: XmlElement, prefix: string): XmlElement[] {
  const elements: XmlElement[] = [];
  for (const node of parent.nodes) {
    const key = nodeName(node);
    if (key === "#text") {
      if (!/^[ \t\r\n]*$/.test(String(node[key])))
        fail(`<${parent.name}> holds text where only elements belong.`);
      continue;
    }
    const local = key.startsWith(prefix) ? key.slice(prefix.length) : "";
    if (!/^[A-Za-z]+$/.test(local))
      fail(`<${parent.name}> holds an element <${key}> outside the evidence record namespace.`);
    elements.push({
      name: local,
      attributes: (node[":@"] as Record<string, string>) ?? {},
      nodes: node[key] as OrderedNode[],
    });
  }
  return elements;
}

// The text of an element that may hold text only.
export function textOf(element: XmlElement): string {
  return element.nodes
    .map((node) =>
      nodeName(node) === "#text"
        ? String(node["#text"])
        : fail(`<${element.name}> must hold text only.`),
    )
    .join("");
}

// Requires exactly these attributes; a value of null accepts any value.
export function expectAttributes(
  element: XmlElement,
  expected: Record<string, string | null>,
): void {
  for (const [name, value] of Object.entries(element.attributes)) {
    if (!(name in expected)) fail(`<${element.name}> has an unexpected attribute ${name}.`);
    const want = expected[name];
    if (want !== null && value !== want)
      fail(`<${element.name}> has ${name}="${value}" where "${want}" is required.`);
  }
  for (const name of Object.keys(expected)) {
    if (!(name in element.attributes)) fail(`<${element.name}> lacks its ${name} attribute.`);
  }
}

// The element children of `parent`, which must be exactly `names` in this order.
export function expectChildren(
  parent: XmlElement,
  prefix: string,
  names: readonly string[],
): XmlElement[] {
  const children = elementsOf(parent, prefix);
  const found = children.map((child) => child.name).join(", ");
  if (found !== names.join(", ")) {
    fail(`<${parent.name}> holds (${found || "nothing"}) where (${names.join(", ")}) is expected.`);
  }
  return children;
}

// Elements of one name carrying Order="1".."n" (RFC 6283 2.1), returned in that order.
export function ordered(
  parent: XmlElement,
  children: XmlElement[],
  name: string,
  extra: Record<string, string | null> = {},
): XmlElement[] {
  if (children.length === 0 || children.some((child) => child.name !== name)) {
    fail(`<${parent.name}> must hold one or more <${name}> elements and nothing else.`);
  }
  children.forEach((child) => expectAttributes(child, { Order: null, ...extra }));
  const orders = children
    .map((child) => child.attributes.Order)
    .sort((a, b) => Number(a) - Number(b));
  if (orders.some((order, index) => order !== String(index + 1))) {
    fail(`The Order attributes of the <${name}> elements are not the run 1..${children.length}.`);
  }
  return [...children].sort((a, b) => Number(a.attributes.Order) - Number(b.attributes.Order));
}

// Reads a well-formed XML document whose one root element is `localName` in `namespace`, bound as the
// default namespace or to a prefix that every element then carries. Refuses document types, processing
// instructions and characters XML does not allow. The root keeps its namespace declaration attribute.
export function readRootElement(
  xml: string,
  localName: string,
  namespace: string,
): { root: XmlElement; prefix: string; namespaceAttribute: string } {
  // XML 1.0 section 2.2: characters outside Char never occur in a well-formed document.
  if (/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u.test(xml))
    fail("The record contains characters XML does not allow.");
  if (/<!DOCTYPE/i.test(xml))
    fail("The record contains a document type declaration, which is not accepted.");
  const validity = XMLValidator.validate(xml);
  if (validity !== true) fail(`The record is not well-formed XML: ${validity.err.msg}`);
  // Neither the validator nor the parser sees text after the last tag ("</EvidenceRecord>&"), which
  // XML allows to be whitespace only (2.1, Misc): checked here, so no changed byte there passes.
  if (!/^[ \t\r\n]*$/.test(xml.slice(xml.lastIndexOf(">") + 1)))
    fail("The record holds text outside its root element.");
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    preserveOrder: true,
    trimValues: false,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
    ignoreDeclaration: false,
    ignorePiTags: false,
  });
  const roots: OrderedNode[] = [];
  for (const [index, node] of (parser.parse(xml) as OrderedNode[]).entries()) {
    const key = nodeName(node);
    if (key === "?xml" && index === 0) {
      // The parser reads declarations leniently, so the declaration is held to XML 1.0 [23] as written;
      // the encoding name is matched in its two usual spellings only, so that no changed byte passes.
      if (!XML_DECLARATION.test(xml)) {
        fail("The XML declaration must state version 1.0 and, if any, the UTF-8 encoding.");
      }
    } else if (key === "#text") {
      if (!/^[ \t\r\n]*$/.test(String(node[key])))
        fail("The record holds text outside its root element.");
    } else if (key.startsWith("?")) {
      fail("The record holds a processing instruction, which is not accepted.");
    } else {
      roots.push(node);
    }
  }
  const [root, another] = roots;
  if (!root || another) fail("The record must have exactly one root element.");
  const rootName = nodeName(root!);
  const prefix = rootName.includes(":") ? `${rootName.split(":")[0]}:` : "";
  const element: XmlElement = {
    name: rootName,
    attributes: (root![":@"] as Record<string, string>) ?? {},
    nodes: root![rootName] as OrderedNode[],
  };
  if (rootName !== `${prefix}${localName}`) fail(`The root element is not ${localName}.`);
  const namespaceAttribute = prefix ? `xmlns:${prefix.slice(0, -1)}` : "xmlns";
  if (element.attributes[namespaceAttribute] !== namespace) {
    fail(`The root element is not in the ${namespace} namespace (${namespaceAttribute}).`);
  }
  element.name = localName;
  return { root: element, prefix, namespaceAttribute };
}
