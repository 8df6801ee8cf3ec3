import "server-only";
// The catalogue as the /api routes feed it: every accepted ingest, every SIP status that ended,
// every PreservePO, UpdatePOC, DeletePO, RetrievePO and RetrieveTrace through the proxy. A failure
// here is logged and never fails the person's request: the archive has acted, and the sync mends the catalogue.
import { toApiError } from "@/lib/api/errors";
import type { DashboardDb } from "@/lib/db";
import { listIngestProfiles } from "@/lib/ingest/profiles";
import { getMetadataRegistry } from "@/lib/metadata/registry";
import { RESULT_MINOR } from "@scriptorium/contract/preservation/result-codes";
import {
  isTerminalSipStatus,
  type IngestDocumentRequest,
  type IngestResponse,
  type UpdateDocumentRequest,
} from "@scriptorium/contract/ingest/schemas";
import type {
  DeletePORequest,
  PreservePORequest,
  PreservePOResponse,
  RetrievePORequest,
  RetrievePOResponse,
  RetrieveTraceRequest,
  RetrieveTraceResponse,
  UpdatePOCRequest,
  UpdatePOCResponse,
} from "@scriptorium/contract/preservation/schemas";
import {
  factsFromIngest,
  factsFromObject,
  factsFromPreserve,
  factsFromSipStatus,
  factsFromTrace,
  factsFromUpdate,
  factsOfGone,
  pidLabel,
  type FactContext,
} from "./facts";
import type { CatalogueFacts } from "./merge";
import type { ObjectLabel } from "./labels";
import { labelsOf, recordFacts, recordFactsOf } from "./store";

type Person = { id: string; name: string };

export interface CatalogueRecorder {
  // An ingest the archive accepted (201): the package, its title when the request carries one.
  // Accepted ingests of one tenant (one, or a batch's packages sent together), in one transaction.
  ingestAccepted(
    tenant: string,
    inputs: readonly {
      user: Person;
      profile: string | null;
      request: IngestDocumentRequest | UpdateDocumentRequest | null;
      answer: IngestResponse;
    }[],
  ): Promise<void>;
  // A SIP status read (with or without enrichers); only an ended one changes the catalogue.
  sipStatus(tenant: string, answer: IngestResponse, submissionName: string): Promise<void>;
  // Several status reads at once (a batch's), written in one transaction.
  sipStatuses(
    tenant: string,
    reads: readonly { answer: IngestResponse; submissionName: string }[],
  ): Promise<void>;
  // A preservation operation through the proxy and its answer, or the error it ended with.
  preservation(input: {
    tenant: string;
    user: Person;
    operation: string;
    request: unknown;
    answer?: unknown;
    error?: unknown;
  }): Promise<void>;
  // The title and state of each of `ids` the catalogue holds in `tenant`, for lists that know ids.
  labels(tenant: string, ids: readonly string[]): Promise<Map<string, ObjectLabel>>;
}

// How facts read metadata and name profiles: the registry and ingest profiles the dashboard uses.
export function factContext(tenant: string): FactContext {
  let titles: Map<string, string> | undefined;
  return {
    tenant,
    isMetadataSchema: (uri) => getMetadataRegistry().get(uri) !== undefined,
    profileName(id) {
      titles ??= new Map(listIngestProfiles().map((p) => [p.id, p.title]));
      return titles.get(id) ?? pidLabel(id);
    },
  };
}

// Whether an error is the archive saying it has no such object.
export function isUnknownObject(error: unknown): boolean {
  const upstream = toApiError(error).upstream;
  return upstream?.min === RESULT_MINOR.unknownPOID;
}

// Facts of a preservation call, or null when it says nothing about the catalogue.
function preservationFacts(
  ctx: FactContext,
  input: Parameters<CatalogueRecorder["preservation"]>[0],
  now: Date,
): { facts: CatalogueFacts; onlyExisting: boolean } | null {
  const { tenant, user, operation } = input;
  if (input.error !== undefined) {
    const request = input.request as Partial<RetrievePORequest>;
    const latest = operation === "RetrievePO" && !request.versionId && request.sor !== "Evidence";
    if ((latest || operation === "DeletePO") && request.poId && isUnknownObject(input.error)) {
      return { facts: factsOfGone(tenant, request.poId), onlyExisting: true };
    }
    return null;
  }
  switch (operation) {
    case "PreservePO": {
      const answer = input.answer as PreservePOResponse;
      if (!answer.poId) return null;
      const facts = factsFromPreserve(ctx, {
        poId: answer.poId,
        request: input.request as PreservePORequest,
        stored: answer.po,
        user,
        now,
      });
      return { facts, onlyExisting: false };
    }
    case "UpdatePOC": {
      const request = input.request as UpdatePOCRequest;
      const answer = input.answer as UpdatePOCResponse;
      const facts = factsFromUpdate(ctx, {
        poId: request.poId,
        deltaPoc: request.deltaPoc,
        versionId: answer.versionId,
        now,
      });
      return { facts, onlyExisting: false };
    }
    case "RetrievePO": {
      const request = input.request as RetrievePORequest;
      // Another version than the latest, or evidence only, does not describe the object now.
      if (request.versionId || request.sor === "Evidence") return null;
      const answer = input.answer as RetrievePOResponse;
      const facts = factsFromObject(ctx, request.poId, answer.po ?? [], answer.optOut?.policy);
      return { facts, onlyExisting: false };
    }
    case "RetrieveTrace": {
      // When and by whom the object came, its versions, its deletion: for a row the catalogue
      // holds (the trace alone does not say whether the object is still being ingested).
      const request = input.request as RetrieveTraceRequest;
      const answer = input.answer as RetrieveTraceResponse;
      const facts = factsFromTrace(ctx, request.poId, answer.trace?.event ?? []);
      return { facts, onlyExisting: true };
    }
    case "DeletePO": {
      const request = input.request as DeletePORequest;
      const facts: CatalogueFacts = {
        tenant,
        poId: request.poId,
        state: "deleted",
        fromArchive: true,
        deletion: {
          at: now,
          by: user.name,
          reason: request.reason ?? null,
          evidenceKept: request.mod === "OnlySubDOs",
        },
      };
      return { facts, onlyExisting: false };
    }
    default:
      return null;
  }
}

// A recorder over one database (a promise, so the database opens on first use).
export function createCatalogueRecorder(db: () => Promise<DashboardDb>): CatalogueRecorder {
  const safely = async (what: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      console.error(`the catalogue could not record ${what}`, error);
    }
  };
  return {
    labels: async (tenant, ids) => labelsOf(await db(), tenant, ids),
    ingestAccepted: (tenant, inputs) =>
      safely(`the ingests of ${inputs.length} packages`, async () => {
        const ctx = factContext(tenant);
        const now = new Date();
        await recordFactsOf(
          await db(),
          tenant,
          inputs.map((input) => ({
            poId: input.answer.packageId,
            factsOf: (held: boolean) => factsFromIngest(ctx, { ...input, isNew: !held, now }),
          })),
        );
      }),

    sipStatus: (tenant, answer, submissionName) =>
      safely(`the status of ${answer.packageId}`, async () => {
        if (!answer.status || !isTerminalSipStatus(answer.status)) return;
        const facts = factsFromSipStatus(factContext(tenant), answer, submissionName);
        await recordFacts(await db(), [facts]);
      }),

    sipStatuses: (tenant, reads) =>
      safely(`the statuses of ${reads.length} packages`, async () => {
        const ctx = factContext(tenant);
        const facts = reads.flatMap(({ answer, submissionName }) =>
          answer.status && isTerminalSipStatus(answer.status)
            ? [factsFromSipStatus(ctx, answer, submissionName)]
            : [],
        );
        await recordFacts(await db(), facts);
      }),

    preservation: (input) =>
      safely(`${input.operation}`, async () => {
        const found = preservationFacts(factContext(input.tenant), input, new Date());
        if (!found) return;
        await recordFacts(await db(), [found.facts], { onlyExisting: found.onlyExisting });
      }),
  };
}
