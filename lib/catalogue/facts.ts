// What each answer and request the dashboard sees says about an object, as catalogue facts: an
// accepted ingest, a SIP status with enrichers, PreservePO, UpdatePOC, RetrievePO, RetrieveTrace,
// DeletePO. Pure: the recorder passes in how to read metadata and name profiles.
import { parseMetadataBytes } from "@scriptorium/contract/metadata/parse-metadata-file";
import type {
  IngestDocumentRequest,
  IngestResponse,
  UpdateDocumentRequest,
} from "@scriptorium/contract/ingest/schemas";
import type { PO, StoredPO, TraceEvent } from "@scriptorium/contract/preservation/schemas";
import type { CatalogueFile, CatalogueState } from "@/lib/db/catalogue-schema";
import { representationsOf } from "@/lib/overview/formats";
import { descriptionOf, keywordsOf, titleOf, type MetadataRecord } from "./describe";
import type { CatalogueFacts } from "./merge";

export interface FactContext {
  tenant: string;
  // Whether a PO's formatId names a registered metadata schema (then the PO is metadata).
  isMetadataSchema(uri: string): boolean;
  // How a person reads a profile id (an ingest profile's title, or the pid's last part).
  profileName(id: string): string;
}

// The last meaningful part of a profile URN or URL: "urn:x:profile:general:1.0" -> "general 1.0".
export function pidLabel(pid: string): string {
  const parts = pid.split(/[/:#]/).filter(Boolean);
  const at = parts.findIndex((p) => p.toLowerCase() === "profile");
  const tail = at >= 0 && at < parts.length - 1 ? parts.slice(at + 1) : parts.slice(-2);
  return tail.join(" ") || pid;
}

function bytesOf(base64: string | undefined): Uint8Array | null {
  if (base64 === undefined) return null;
  try {
    return Buffer.from(base64, "base64");
  } catch {
    return null;
  }
}

const contentOf = (po: Pick<StoredPO, "binaryData" | "xmlData">) =>
  po.binaryData?.value ?? po.xmlData?.b64Content;

// A metadata record from a metadata PO or file; null when it does not parse.
function recordOf(schema: string, base64: string | undefined, name: string): MetadataRecord | null {
  const bytes = bytesOf(base64);
  if (!bytes) return null;
  const parsed = parseMetadataBytes(schema, bytes, name);
  return "data" in parsed ? { schema, metadata: parsed.data } : null;
}

function described(poId: string, records: MetadataRecord[], names: string[]) {
  return {
    title: titleOf(records, names),
    description: descriptionOf(records),
    keywords: keywordsOf(poId, records, names),
  };
}

// The records an ingest request carries (fields, or inline metadata files).
function ingestRecords(metadatas: UpdateDocumentRequest["metadatas"]): MetadataRecord[] {
  return metadatas.flatMap((m) => {
    if ("metadata" in m) return [{ schema: m.schema, metadata: m.metadata }];
    if (m.file.type !== "BINARY") return [];
    const record = recordOf(m.schema, m.file.content, m.file.name);
    return record ? [record] : [];
  });
}

export function sipState(status: string | undefined): CatalogueState {
  return status === "INGESTED" ? "ingested" : status === "FAILED" ? "failed" : "ingesting";
}

// An ingest the archive accepted (PUT /document, POST /document/{id}, PUT /sip).
export function factsFromIngest(
  ctx: FactContext,
  input: {
    answer: IngestResponse;
    request: IngestDocumentRequest | UpdateDocumentRequest | null;
    profile: string | null;
    user: { id: string; name: string };
    // A new package (PUT /document without an existing id, PUT /sip): its files are all it has.
    isNew: boolean;
    now: Date;
  },
): CatalogueFacts {
  const { answer, request } = input;
  const poId = answer.packageId;
  const facts: CatalogueFacts = {
    tenant: ctx.tenant,
    poId,
    state: sipState(answer.status),
    lastSubmission: answer.name ?? null,
    createdAt: input.now,
    changedAt: input.now,
    submittedBy: input.user,
  };
  if (input.profile) {
    facts.profile = input.profile;
    facts.profileName = ctx.profileName(input.profile);
  }
  if (!request) return facts;
  const records = ingestRecords(request.metadatas);
  const documents =
    "profile" in request ? (request.documents ?? (request.document ? [request.document] : [])) : [];
  const names = documents.map((d) => d.name);
  if (records.length > 0 || input.isNew) Object.assign(facts, described(poId, records, names));
  if (input.isNew && documents.length > 0) {
    facts.files = documents.map((d) => ({
      name: d.name,
      mimeType: null,
      puid: null,
      formatName: null,
      size: d.type === "BINARY" ? (bytesOf(d.content)?.byteLength ?? null) : null,
    }));
  }
  return facts;
}

function metadataRecordsOf(value: unknown): MetadataRecord[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) =>
    item && typeof item === "object" && typeof (item as MetadataRecord).schema === "string"
      ? [{ schema: (item as MetadataRecord).schema, metadata: (item as MetadataRecord).metadata }]
      : [],
  );
}

// A SIP's status, with whatever enrichers came along (metadata, representations, searchcolumns).
export function factsFromSipStatus(
  ctx: FactContext,
  answer: IngestResponse,
  submissionName: string,
): CatalogueFacts {
  const poId = answer.packageId;
  const facts: CatalogueFacts = {
    tenant: ctx.tenant,
    poId,
    state: sipState(answer.status),
    lastSubmission: submissionName,
  };
  if (answer.status !== "INGESTED") return facts;
  const records = metadataRecordsOf(answer.metadata);
  const representations = representationsOf(answer.representations);
  const files: CatalogueFile[] = representations.map((r) => ({
    name: r.name ?? "",
    mimeType: r.mimeType ?? null,
    puid: r.puid ?? null,
    formatName: r.formatName ?? null,
    size: r.size ?? null,
  }));
  // A deleted package still reads INGESTED, with neither metadata nor files: what the catalogue
  // knew of its title and description stays.
  if (answer.metadata !== undefined && (records.length > 0 || files.length > 0)) {
    Object.assign(
      facts,
      described(
        poId,
        records,
        files.map((f) => f.name),
      ),
    );
  }
  if (files.length > 0) {
    facts.files = files;
    facts.details = answer.metadata !== undefined;
  }
  const columns = answer.searchcolumns as { version?: unknown } | undefined;
  if (typeof columns?.version === "number") facts.versionCount = columns.version;
  if (answer.submissionDate && !Number.isNaN(Date.parse(answer.submissionDate))) {
    facts.changedAt = new Date(answer.submissionDate);
  }
  return facts;
}

const isEvidence = (po: Pick<StoredPO, "formatId">) =>
  po.formatId?.startsWith("urn:ietf:rfc:") === true;

// The data objects, metadata records and profile of one version as RetrievePO answers it.
export function factsFromObject(
  ctx: FactContext,
  poId: string,
  pos: readonly StoredPO[],
  policy: readonly string[] | undefined,
): CatalogueFacts {
  const records: MetadataRecord[] = [];
  const files: CatalogueFile[] = [];
  for (const po of pos) {
    if (isEvidence(po)) continue;
    if (po.formatId && ctx.isMetadataSchema(po.formatId)) {
      const record = recordOf(po.formatId, contentOf(po), po.id ?? "metadata");
      if (record) records.push(record);
      continue;
    }
    files.push({
      name: po.id ?? "",
      mimeType: po.mimeType ?? null,
      puid: po.pronomId ?? po.formatId?.replace(/^info:pronom\//, "") ?? null,
      formatName: null,
      size: bytesOf(contentOf(po))?.byteLength ?? null,
    });
  }
  const profile = policy?.[0];
  return {
    tenant: ctx.tenant,
    poId,
    state: "ingested",
    fromArchive: true,
    ...described(
      poId,
      records,
      files.map((f) => f.name),
    ),
    files,
    ...(profile ? { profile, profileName: ctx.profileName(profile) } : {}),
    details: true,
    checked: true,
  };
}

// PreservePO: the request's POs as the archive stored them (its answer names formats and ids).
export function factsFromPreserve(
  ctx: FactContext,
  input: {
    poId: string;
    request: { pro: string; po?: PO[] };
    stored: readonly StoredPO[] | undefined;
    user: { id: string; name: string };
    now: Date;
  },
): CatalogueFacts {
  const sent = input.request.po ?? [];
  const stored = input.stored ?? [];
  // The answer carries no content: take it from the request, matched by id (or position).
  const pos =
    stored.length === sent.length
      ? stored.map((po, i) => ({
          ...po,
          binaryData: sent[i]?.binaryData,
          xmlData: sent[i]?.xmlData,
          formatId: po.formatId ?? sent[i]?.formatId,
        }))
      : sent;
  return {
    ...factsFromObject(ctx, input.poId, pos, [input.request.pro]),
    versionCount: 1,
    createdAt: input.now,
    changedAt: input.now,
    submittedBy: input.user,
  };
}

// UpdatePOC: a new version whose files the next RetrievePO gives; the title may change at once.
export function factsFromUpdate(
  ctx: FactContext,
  input: { poId: string; deltaPoc: PO[]; versionId: string | undefined; now: Date },
): CatalogueFacts {
  const facts: CatalogueFacts = { tenant: ctx.tenant, poId: input.poId, changedAt: input.now };
  const version = Number(input.versionId);
  if (Number.isInteger(version) && version > 0) facts.versionCount = version;
  const records = input.deltaPoc.flatMap((po) =>
    po.formatId && ctx.isMetadataSchema(po.formatId)
      ? [recordOf(po.formatId, contentOf(po), po.id ?? "metadata")].filter(
          (r): r is MetadataRecord => r !== null,
        )
      : [],
  );
  const title = titleOf(records);
  if (title) facts.title = title;
  return facts;
}

// What the archive's trace tells: when the object came, who sent it, its versions, its deletion.
export function factsFromTrace(
  ctx: FactContext,
  poId: string,
  events: readonly TraceEvent[],
): CatalogueFacts {
  const facts: CatalogueFacts = { tenant: ctx.tenant, poId };
  const timed = events.filter((e) => !Number.isNaN(Date.parse(e.time)));
  const first = timed.find((e) => e.op === "PreservePO" || e.op === "SIP accepted") ?? timed[0];
  if (first) {
    facts.createdAt = new Date(first.time);
    if (first.sub) facts.submittedBy = { id: first.sub, name: first.sub };
  }
  const versions = timed.filter((e) => e.op.toLowerCase() === "version added");
  if (versions.length > 0) {
    facts.versionCount = versions.length;
    facts.changedAt = new Date(versions.at(-1)!.time);
  }
  const deleted = timed.findLast((e) => e.op === "DeletePO");
  if (deleted) {
    const detail = deleted.det ?? "";
    facts.deletion = {
      at: new Date(deleted.time),
      by: deleted.sub ?? null,
      reason: /reason: (.*?)(?:; reqId .*)?$/.exec(detail)?.[1] ?? (detail || null),
      evidenceKept: /mode OnlySubDOs/.test(detail)
        ? true
        : /mode SubDOsAndEvidence/.test(detail)
          ? false
          : null,
    };
  }
  return facts;
}

// RetrievePO's facts with what the trace adds: when and by whom the object came, its versions.
export function withTrace(object: CatalogueFacts, trace: CatalogueFacts): CatalogueFacts {
  const facts = { ...object };
  if (trace.createdAt) facts.createdAt = trace.createdAt;
  if (trace.submittedBy) facts.submittedBy = trace.submittedBy;
  if (trace.versionCount !== undefined) facts.versionCount = trace.versionCount;
  if (trace.changedAt) facts.changedAt = trace.changedAt;
  return facts;
}

// The archive answered unknownPOID for the latest version: the object is gone, whatever the row said.
export function factsOfGone(tenant: string, poId: string, trace?: CatalogueFacts): CatalogueFacts {
  return {
    tenant,
    poId,
    state: "deleted",
    fromArchive: true,
    checked: true,
    ...(trace?.deletion ? { deletion: trace.deletion } : {}),
  };
}
