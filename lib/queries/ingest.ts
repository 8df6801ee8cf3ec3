// The ingest pages' server state: react-query options for the journal and a SIP's details, and the
// calls that change something (ingest, metadata update, SIP, review). Browser code: it only knows
// the dashboard's /api routes, never an upstream URL.
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import {
  IngestResponse,
  serializeEnrichers,
  type Enricher,
  type IngestDocumentRequest,
  type IngestSipRequest,
  type UpdateDocumentRequest,
} from "@scriptorium/contract/ingest/schemas";
import {
  journalSearch,
  type JournalEntry,
  type JournalPage,
  type JournalQueryInput,
} from "@/lib/journal/submission-filters";

// A refused or failed /api call: the HTTP status (react-query's retry rule reads it) and the
// dashboard's error shape { code, message, field? }.
export class ApiFailure extends Error {
  readonly status: number;
  readonly code: string;
  readonly field?: string;
  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.name = "ApiFailure";
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

// The JSON answer of a dashboard route, or an ApiFailure saying why not.
export async function apiJson(path: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { Accept: "application/json", ...init.headers },
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiFailure(
      0,
      "NETWORK",
      "The dashboard could not be reached. Check the connection and try again.",
    );
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (response.ok) return body;
  const error = (body as { error?: { code?: unknown; message?: unknown; field?: unknown } } | null)
    ?.error;
  throw new ApiFailure(
    response.status,
    typeof error?.code === "string" ? error.code : `HTTP_${response.status}`,
    typeof error?.message === "string"
      ? error.message
      : `The dashboard answered ${response.status}.`,
    typeof error?.field === "string" ? error.field : undefined,
  );
}

const sendJson = (method: string, body: unknown, signal?: AbortSignal): RequestInit => ({
  method,
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
  signal,
});

const segment = encodeURIComponent;

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
    queryFn: async ({ signal }) =>
      (await apiJson(`/api/ingests${search ? `?${search}` : ""}`, { signal })) as JournalPage,
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
    queryFn: async ({ signal }) => {
      const query = list ? `?enrichers=${segment(list)}` : "";
      const body = await apiJson(
        `/api/ingest/sip/${segment(packageId)}/${segment(submissionName)}${query}`,
        { signal },
      );
      return IngestResponse.parse(body);
    },
    staleTime: 30_000,
  });
}

// The accepted SIP of an ingest, a metadata update or a prepared SIP.
export type AcceptedSip = IngestResponse;

// PUT /api/ingest/document – a new package (or a delta SIP) from documents and metadata.
export async function submitIngest(
  body: IngestDocumentRequest,
  signal?: AbortSignal,
): Promise<AcceptedSip> {
  return IngestResponse.parse(await apiJson("/api/ingest/document", sendJson("PUT", body, signal)));
}

// POST /api/ingest/document/[packageId] – new package metadata as a delta SIP.
export async function updatePackageMetadata(
  packageId: string,
  body: UpdateDocumentRequest,
): Promise<AcceptedSip> {
  return IngestResponse.parse(
    await apiJson(`/api/ingest/document/${segment(packageId)}`, sendJson("POST", body)),
  );
}

// PUT /api/ingest/sip – a prepared SIP (a BagIt zip), inline, by URL or by upload key.
export async function submitSip(
  body: IngestSipRequest,
  signal?: AbortSignal,
): Promise<AcceptedSip> {
  return IngestResponse.parse(await apiJson("/api/ingest/sip", sendJson("PUT", body, signal)));
}

// GET /api/ingest/url – a fresh upload URL; the uploader parses the answer itself.
export function requestUploadUrl(signal: AbortSignal): Promise<unknown> {
  return apiJson("/api/ingest/url", { signal, cache: "no-store" });
}

// POST /api/ingests/[packageId]/[submissionName]/review – marks a submission reviewed.
export async function reviewSubmission(
  packageId: string,
  submissionName: string,
  note: string,
): Promise<JournalEntry> {
  const path = `/api/ingests/${segment(packageId)}/${segment(submissionName)}/review`;
  return (await apiJson(path, sendJson("POST", { note }))) as JournalEntry;
}
