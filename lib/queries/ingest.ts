// The ingest pages' server state: react-query options for the journal and a SIP's details, and the
// calls that change something (ingest, metadata update, SIP, review). Browser code: it only knows
// the dashboard's /api routes, never an upstream URL.
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import {
  serializeEnrichers,
  type EnricherName as Enricher,
} from "@scriptorium/contract/ingest/enricher-names";
import type {
  IngestDocumentRequest,
  IngestResponse,
  IngestSipRequest,
  UpdateDocumentRequest,
} from "@scriptorium/contract/ingest/schemas";
import { journalSearch, type JournalEntry, type JournalPage } from "@/lib/journal/journal-search";
import type { JournalQueryInput } from "@/lib/journal/submission-filters";
import { getJson, sendJson } from "./api-client";

const segment = encodeURIComponent;

// The check of an ingest answer, loaded with the first answer to check: the pages that only send
// (the wizard, the batch page) need not load it to open.
const ingestAnswer = () => import("./ingest-answer").then((m) => m.ingestAnswer);

// Where a SIP's status page lives.
export function statusPagePath(packageId: string, submissionName: string): string {
  return `/ingests/${segment(packageId)}/${segment(submissionName)}`;
}

// Where a package's metadata is edited, starting from one submission's version.
export function packagePagePath(packageId: string, from?: string): string {
  return `/packages/${segment(packageId)}${from ? `?from=${segment(from)}` : ""}`;
}

// The server-sent event stream of a SIP's status.
export function statusEventsPath(packageId: string, submissionName: string): string {
  return `/api/ingests/${segment(packageId)}/${segment(submissionName)}/events`;
}

// Every journal query's key starts with this: invalidate it after a change to any submission.
export const journalKeyRoot = ["ingests", "journal"] as const;

// One page of the ingest journal.
export function journalOptions(query: JournalQueryInput) {
  const search = journalSearch(query);
  return queryOptions({
    queryKey: [...journalKeyRoot, search],
    queryFn: ({ signal }) =>
      getJson<JournalPage>(`/api/ingests${search ? `?${search}` : ""}`, { signal }),
    // Changing a filter keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

// A SIP's answer with the chosen enrichers (metadata, representations, ...), parsed leniently.
export function sipDetailsOptions(
  packageId: string,
  submissionName: string,
  enrichers: readonly Enricher[],
) {
  const list = serializeEnrichers([...enrichers].sort());
  return queryOptions({
    queryKey: ["ingests", "sip", packageId, submissionName, list],
    queryFn: ({ signal }) => {
      const query = list ? `?enrichers=${segment(list)}` : "";
      return getJson(`/api/ingest/sip/${segment(packageId)}/${segment(submissionName)}${query}`, {
        signal,
        schema: ingestAnswer,
      });
    },
    staleTime: 30_000,
  });
}

// The accepted SIP of an ingest, a metadata update or a prepared SIP.
export type AcceptedSip = IngestResponse;

// PUT /api/ingest/document – a new package (or a delta SIP) from documents and metadata.
export function submitIngest(
  body: IngestDocumentRequest,
  signal?: AbortSignal,
): Promise<AcceptedSip> {
  return sendJson("/api/ingest/document", "PUT", body, { signal, schema: ingestAnswer });
}

// POST /api/ingest/document/[packageId] – new package metadata as a delta SIP.
export function updatePackageMetadata(
  packageId: string,
  body: UpdateDocumentRequest,
): Promise<AcceptedSip> {
  return sendJson(`/api/ingest/document/${segment(packageId)}`, "POST", body, {
    schema: ingestAnswer,
  });
}

// PUT /api/ingest/sip – a prepared SIP (a BagIt zip), inline, by URL or by upload key.
export function submitSip(body: IngestSipRequest, signal?: AbortSignal): Promise<AcceptedSip> {
  return sendJson("/api/ingest/sip", "PUT", body, { signal, schema: ingestAnswer });
}

// GET /api/ingest/url – a fresh upload URL; the uploader parses the answer itself.
export function requestUploadUrl(signal: AbortSignal): Promise<unknown> {
  return getJson("/api/ingest/url", { signal, cache: "no-store" });
}

// POST /api/ingests/[packageId]/[submissionName]/review – marks a submission reviewed.
export function reviewSubmission(
  packageId: string,
  submissionName: string,
  note: string,
): Promise<JournalEntry> {
  const path = `/api/ingests/${segment(packageId)}/${segment(submissionName)}/review`;
  return sendJson<JournalEntry>(path, "POST", { note });
}
