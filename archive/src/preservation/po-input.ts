// The rules PreservePO and UpdatePOC apply to submitted POs before anything is stored. Pure: the
// metadata registry and the format identifier come in as arguments.
import { createHash } from "node:crypto";
import { C14N_METHODS, CanonicalizationError, canonicalizeXmlBytes } from "../evidence";
import { requesterError } from "./errors";

// The PO fields this module reads (the ETSI POType).
export interface SubmittedPo {
  binaryData?: { value?: string };
  xmlData?: { b64Content?: string };
  formatId?: string;
  mimeType?: string;
  pronomId?: string;
  id?: string;
  relObj?: string[];
}

export interface MetadataSchemas {
  has(uri: string): boolean;
  parseMetadataFile(
    uri: string,
    bytes: Uint8Array,
    fileName?: string,
  ): { data: Record<string, unknown> } | { error: string };
  validate(uri: string, data: unknown): string[];
}

export type Identify = (
  bytes: Uint8Array,
  name?: string,
) => Promise<{ mimeType: string; puid?: string; formatName?: string; confident?: boolean }>;

interface DecodedBase {
  id: string;
  bytes: Buffer;
  relObj: string[];
  // Whether the bytes came as xmlData (they go back the same way).
  xml: boolean;
  // For xmlData: hex SHA-256 of its canonical form (Canonical XML 1.0), which its evidence covers.
  canonicalSha256?: string;
}
export type DecodedPo =
  | (DecodedBase & {
      kind: "data";
      formatId?: string;
      mimeType: string;
      pronomId?: string;
      formatName?: string;
    })
  | (DecodedBase & {
      kind: "metadata";
      schema: string;
      metadata: Record<string, unknown>;
      mimeType: string;
    });

// Whole groups of four, padding only at the end. A quantified group over the whole string would
// exhaust the regular expression engine's stack on a body of a few MiB.
const BASE64_CHARS = /^[A-Za-z0-9+/]*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const BASE64 = { test: (text: string) => text.length % 4 === 0 && BASE64_CHARS.test(text) };

// Checks and decodes the POs of one request; throws RequesterError parameterError / POFormatError.
// `existingIds` are ids relObj may name besides the request's own (UpdatePOC: the stored version's).
export async function decodeSubmittedPos(
  pos: SubmittedPo[],
  schemas: MetadataSchemas,
  identify: Identify,
  existingIds: readonly string[] = [],
): Promise<DecodedPo[]> {
  if (pos.length === 0) {
    throw requesterError(
      "parameterError",
      "The request carries no PO: a preservation object needs at least one data object, because every version is sealed by an evidence record over its data objects.",
    );
  }
  const ids = assignIds(pos);
  const known = new Set([...ids, ...existingIds]);
  const decodeOne = async (po: SubmittedPo, index: number): Promise<DecodedPo> => {
    const id = ids[index]!;
    const where = `po[${index}] (id "${id}")`;
    if (po.binaryData && po.xmlData) {
      throw requesterError(
        "parameterError",
        `${where} carries both binaryData and xmlData; a PO carries at most one.`,
      );
    }
    const encoded = po.binaryData?.value ?? po.xmlData?.b64Content;
    if (encoded === undefined) {
      throw requesterError(
        "parameterError",
        `${where} carries no content: give binaryData.value or xmlData.b64Content.`,
      );
    }
    const compact = encoded.replace(/\s+/g, "");
    if (!BASE64.test(compact))
      throw requesterError("parameterError", `${where} content is not valid base64.`);
    const relObj = po.relObj ?? [];
    for (const target of relObj) {
      if (!known.has(target)) {
        throw requesterError(
          "parameterError",
          `${where} relObj names "${target}", which is no PO id of this request${existingIds.length ? " or of the stored version" : ""}.`,
        );
      }
      if (target === id)
        throw requesterError("parameterError", `${where} relObj names the PO itself.`);
    }
    const bytes = Buffer.from(compact, "base64");
    const xml = po.xmlData !== undefined;
    const canonical = xml ? { canonicalSha256: canonicalDigest(bytes, where) } : {};
    if (po.formatId && schemas.has(po.formatId)) {
      const parsed = schemas.parseMetadataFile(po.formatId, bytes, id);
      if ("error" in parsed)
        throw requesterError(
          "POFormatError",
          `${where} is metadata of ${po.formatId}: ${parsed.error}`,
        );
      const problems = schemas.validate(po.formatId, parsed.data);
      if (problems.length > 0) {
        throw requesterError(
          "POFormatError",
          `${where} does not follow the metadata schema ${po.formatId}: ${problems.join(" ")}`,
        );
      }
      const mimeType =
        po.mimeType ??
        (bytes.subarray(0, 64).toString("utf8").trimStart().startsWith("<")
          ? "application/xml"
          : "application/json");
      return {
        kind: "metadata",
        id,
        bytes,
        relObj,
        xml,
        ...canonical,
        schema: po.formatId,
        metadata: parsed.data,
        mimeType,
      };
    }
    const detected = await identify(bytes, id);
    return {
      kind: "data",
      id,
      bytes,
      relObj,
      xml,
      ...canonical,
      ...(po.formatId ? { formatId: po.formatId } : {}),
      mimeType:
        po.mimeType ??
        (xml && detected.confident === false ? "application/xml" : detected.mimeType),
      ...(detected.puid ? { pronomId: detected.puid } : {}),
      ...(detected.formatName ? { formatName: detected.formatName } : {}),
    };
  };
  // Every PO's checks run before any identification is awaited: the first faulty PO answers.
  return Promise.all(pos.map(decodeOne));
}

// RFC 6283 hashes an XML data object in its canonical form: xmlData must be XML that can be
// canonicalized, or the evidence would not cover what a verifier computes.
function canonicalDigest(bytes: Buffer, where: string): string {
  try {
    return createHash("sha256")
      .update(canonicalizeXmlBytes(bytes, C14N_METHODS.c14n))
      .digest("hex");
  } catch (error) {
    if (!(error instanceof CanonicalizationError)) throw error;
    throw requesterError(
      "parameterError",
      `${where} is sent as xmlData but cannot be canonicalized for its evidence: ${error.message} Send it as binaryData, or correct it.`,
    );
  }
}

// Client ids must be unique; POs without one get po-1, po-2, ... skipping ids already taken.
function assignIds(pos: SubmittedPo[]): string[] {
  const taken = new Set<string>();
  for (const [index, po] of pos.entries()) {
    if (po.id === undefined) continue;
    if (po.id.trim() === "") throw requesterError("parameterError", `po[${index}].id is empty.`);
    if (taken.has(po.id))
      throw requesterError(
        "parameterError",
        `po[${index}].id "${po.id}" is used twice in this request.`,
      );
    taken.add(po.id);
  }
  let next = 1;
  return pos.map((po) => {
    if (po.id !== undefined) return po.id;
    while (taken.has(`po-${next}`)) next++;
    const id = `po-${next}`;
    taken.add(id);
    return id;
  });
}
