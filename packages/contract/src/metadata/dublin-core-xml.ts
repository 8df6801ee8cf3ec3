// Maps an oai_dc or simple Dublin Core XML document onto the 15-element JSON shape of the
// Dublin Core schema. Pure (no Node APIs): the dashboard can preview a file before upload.
import { XMLParser, XMLValidator } from "fast-xml-parser";

export const DUBLIN_CORE_URI = "http://purl.org/dc/elements/1.1/";

const repeatable = [
  "creator",
  "subject",
  "publisher",
  "contributor",
  "identifier",
  "source",
  "language",
  "relation",
  "coverage",
] as const;
// Single-valued in our schema; repeats of these two are joined rather than refused.
const joinable = ["description", "rights"] as const;
const single = ["title", "date", "type", "format"] as const;
const dcmiTypes = [
  "Collection",
  "Dataset",
  "Event",
  "Image",
  "InteractiveResource",
  "MovingImage",
  "PhysicalObject",
  "Service",
  "Software",
  "Sound",
  "StillImage",
  "Text",
];

type XmlNode = Record<string, unknown>;
export type DublinCoreResult = { data: Record<string, unknown> } | { error: string };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  textNodeName: "#text",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (_name, _jpath, _isLeaf, isAttribute) => !isAttribute,
});

// Reads the Dublin Core elements of the first element (depth-first) that holds any, e.g. <oai_dc:dc>.
export function parseDublinCoreXml(text: string, fileName = "the metadata file"): DublinCoreResult {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    return {
      error: `${fileName} declares a DOCTYPE or entities; Dublin Core XML needs neither, so the archive refuses it.`,
    };
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    return {
      error: `${fileName} is not well-formed XML: ${valid.err.msg} (line ${valid.err.line}).`,
    };
  }
  const values = findDublinCore(parser.parse(text) as XmlNode, {});
  if (!values) {
    return { error: `${fileName} holds no Dublin Core elements (namespace ${DUBLIN_CORE_URI}).` };
  }
  return mapValues(values, fileName);
}

function findDublinCore(
  node: XmlNode,
  inherited: Record<string, string>,
): Map<string, string[]> | undefined {
  const ns = { ...inherited };
  for (const [key, value] of Object.entries(node)) {
    if (key === "@_xmlns") ns[""] = String(value);
    else if (key.startsWith("@_xmlns:")) ns[key.slice(8)] = String(value);
  }
  const found = new Map<string, string[]>();
  for (const [key, children] of Object.entries(node)) {
    if (key.startsWith("@_") || key === "#text" || !Array.isArray(children)) continue;
    const colon = key.indexOf(":");
    const prefix = colon === -1 ? "" : key.slice(0, colon);
    if (ns[prefix] !== DUBLIN_CORE_URI) continue;
    const local = key.slice(colon + 1);
    found.set(local, [
      ...(found.get(local) ?? []),
      ...children.map(textOf).filter((t) => t !== ""),
    ]);
  }
  if (found.size > 0) return found;
  for (const [key, children] of Object.entries(node)) {
    if (key.startsWith("@_") || !Array.isArray(children)) continue;
    for (const child of children) {
      if (child && typeof child === "object") {
        const inner = findDublinCore(child as XmlNode, ns);
        if (inner) return inner;
      }
    }
  }
  return undefined;
}

function textOf(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (value && typeof value === "object" && "#text" in value)
    return String((value as XmlNode)["#text"]).trim();
  return "";
}

function mapValues(values: Map<string, string[]>, fileName: string): DublinCoreResult {
  const data: Record<string, unknown> = {};
  for (const [element, list] of values) {
    if (list.length === 0) continue;
    if ((repeatable as readonly string[]).includes(element)) {
      data[element] = list;
    } else if ((joinable as readonly string[]).includes(element)) {
      data[element] = list.join("\n\n");
    } else if ((single as readonly string[]).includes(element)) {
      if (list.length > 1) {
        return {
          error: `${fileName} has ${list.length} dc:${element} elements; the archive keeps one ${element}.`,
        };
      }
      data[element] = element === "type" ? normaliseType(list[0] as string) : list[0];
    } else {
      return {
        error: `${fileName} uses dc:${element}, which is not one of the 15 Dublin Core elements.`,
      };
    }
  }
  return { data };
}

// Producers often write the DCMI type as its URI or in lower case; the schema wants the bare term.
function normaliseType(value: string): string {
  const term = value.replace(/^https?:\/\/purl\.org\/dc\/dcmitype\//, "");
  return dcmiTypes.find((t) => t.toLowerCase() === term.toLowerCase()) ?? value;
}
