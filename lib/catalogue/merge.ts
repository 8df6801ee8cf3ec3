// How one thing the dashboard learnt about an object changes its catalogue row. Pure: the store
// reads the row, merges, writes. Sources say only what they know (undefined: "no news"), and the
// rules below settle what wins when they disagree.
import type { CatalogueFile, CatalogueState } from "@/lib/db/catalogue-schema";
import { fold } from "./text";

export interface Deletion {
  at: Date;
  by: string | null;
  reason: string | null;
  // OnlySubDOs keeps the evidence records; null when it is not known.
  evidenceKept: boolean | null;
}

// What one source tells about one object.
export interface CatalogueFacts {
  tenant: string;
  poId: string;
  state?: CatalogueState;
  // The archive itself said so (it answered the object, or answered unknownPOID): it wins over
  // whatever the dashboard believed.
  fromArchive?: boolean;
  title?: string | null;
  description?: string | null;
  // Unfolded text: metadata values, file names, ids.
  keywords?: string;
  profile?: string | null;
  profileName?: string | null;
  files?: CatalogueFile[];
  versionCount?: number | null;
  lastSubmission?: string | null;
  createdAt?: Date;
  changedAt?: Date;
  submittedBy?: { id: string | null; name: string } | null;
  deletion?: Deletion | null;
  // A deletion waiting for a second administrator; null: no longer waiting (rejected, failed).
  deletionRequest?: { at: Date; by: string } | null;
  // These facts describe the latest version completely (files, formats, metadata).
  details?: boolean;
  // The archive confirmed the object just now.
  checked?: boolean;
}

// A row as the store keeps it (the search vector is derived from title, description, keywords).
export interface CatalogueRowValues {
  tenant: string;
  poId: string;
  title: string | null;
  description: string | null;
  profile: string | null;
  profileName: string | null;
  files: CatalogueFile[];
  formats: string[];
  fileCount: number;
  totalSize: number;
  versionCount: number | null;
  state: CatalogueState;
  lastSubmission: string | null;
  createdAt: Date;
  changedAt: Date;
  submittedById: string | null;
  submittedByName: string | null;
  deletedAt: Date | null;
  deletedBy: string | null;
  deletionReason: string | null;
  evidenceKept: boolean | null;
  deletionRequestedAt: Date | null;
  deletionRequestedBy: string | null;
  stateBeforeRequest: BaseState | null;
  sortTitle: string;
  keywords: string;
  detailsAt: Date | null;
  checkedAt: Date | null;
}

// The states an object has apart from a deletion request, which is laid over one of them.
export type BaseState = Exclude<CatalogueState, "deletion-requested">;

// Base states that say an object exists (or existed) in the archive, beyond a submission in flight.
const SETTLED: readonly BaseState[] = ["ingested", "deleted"];

// The base state after `incoming`, given the base state the row has now.
export function nextState(
  current: BaseState | null,
  incoming: BaseState | undefined,
  fromArchive: boolean,
): BaseState {
  if (incoming === undefined) return current ?? "ingesting";
  if (current === null) return incoming;
  if (fromArchive) return incoming;
  // A deleted object is never brought back by the dashboard's own view (its poId is never reused).
  if (current === "deleted") return current;
  // A later submission in flight or failing leaves an ingested package ingested.
  if ((incoming === "ingesting" || incoming === "failed") && SETTLED.includes(current)) {
    return current;
  }
  return incoming;
}

// The state after `facts`, and while a deletion request waits, the state under it. The request is
// an overlay: news about the object (the archive answering it, a SIP status) changes the state
// under it, and the request ending (withdrawn, rejected, failed: deletionRequest null) uncovers
// that state again, whatever the object was when the request came.
export function stateAfter(
  current: Pick<CatalogueRowValues, "state" | "stateBeforeRequest"> | null,
  facts: Pick<CatalogueFacts, "state" | "fromArchive" | "deletionRequest">,
): { state: CatalogueState; stateBeforeRequest: BaseState | null } {
  const waited = current?.state === "deletion-requested";
  const asked = facts.state === "deletion-requested" || (facts.deletionRequest ?? null) !== null;
  // An object someone asks to delete is in the archive, whatever the catalogue knew of it.
  const base: BaseState | null = waited
    ? (current.stateBeforeRequest ?? "ingested")
    : ((current?.state as BaseState | undefined) ?? (asked ? "ingested" : null));
  const incoming = facts.state === "deletion-requested" ? undefined : facts.state;
  const next = nextState(base, incoming, facts.fromArchive === true);
  const waits = asked || (waited && facts.deletionRequest !== null);
  // A deletion carried out (or found done elsewhere) ends the request.
  if (waits && next !== "deleted") return { state: "deletion-requested", stateBeforeRequest: next };
  return { state: next, stateBeforeRequest: null };
}

// Every PUID and MIME type of the files, once each, for the format filter.
export function formatsOf(files: readonly CatalogueFile[]): string[] {
  const keys = files.flatMap((f) => [f.puid, f.mimeType].filter((v): v is string => !!v));
  return [...new Set(keys)].sort();
}

const earliest = (a: Date | undefined, b: Date | undefined) =>
  a && b ? (a < b ? a : b) : (a ?? b);
const latest = (a: Date | undefined, b: Date | undefined) => (a && b ? (a > b ? a : b) : (a ?? b));

// The row after `facts`, from the current row (null when there is none yet) at time `now`.
export function mergeFacts(
  current: CatalogueRowValues | null,
  facts: CatalogueFacts,
  now: Date,
): CatalogueRowValues {
  const pick = <K extends keyof CatalogueFacts & keyof CatalogueRowValues>(key: K) =>
    (facts[key] === undefined ? (current?.[key] ?? null) : facts[key]) as CatalogueRowValues[K];
  const { state, stateBeforeRequest } = stateAfter(current, facts);
  const files = facts.files ?? current?.files ?? [];
  const title = pick("title");
  // The first known moment an object existed; the latest known change.
  const createdAt = earliest(current?.createdAt, facts.createdAt) ?? now;
  const changedAt = latest(latest(current?.changedAt, facts.changedAt), createdAt) ?? createdAt;
  const submitter =
    current?.submittedByName != null
      ? { id: current.submittedById, name: current.submittedByName }
      : (facts.submittedBy ?? null);
  // The first recorded deletion stands: the dashboard records its own with who and why, and a
  // later "unknown object" from the archive knows less. One that knows neither (an unknownPOID
  // answer) gives way to the archive's trace, which does.
  const knownDeletion =
    current?.deletedAt &&
    (current.deletedBy !== null || current.deletionReason !== null || !facts.deletion);
  const deletion =
    state !== "deleted"
      ? null
      : current?.deletedAt && knownDeletion
        ? {
            at: current.deletedAt,
            by: current.deletedBy,
            reason: current.deletionReason,
            evidenceKept: current.evidenceKept,
          }
        : (facts.deletion ?? { at: now, by: null, reason: null, evidenceKept: null });
  const request =
    state === "deletion-requested"
      ? (facts.deletionRequest ??
        (current?.deletionRequestedAt
          ? { at: current.deletionRequestedAt, by: current.deletionRequestedBy ?? "" }
          : { at: now, by: "" }))
      : null;
  return {
    tenant: facts.tenant,
    poId: facts.poId,
    title,
    description: pick("description"),
    profile: pick("profile"),
    profileName: pick("profileName"),
    files,
    formats: formatsOf(files),
    fileCount: files.length,
    totalSize: files.reduce((sum, f) => sum + (f.size ?? 0), 0),
    versionCount: pick("versionCount"),
    state,
    lastSubmission: pick("lastSubmission"),
    createdAt,
    changedAt,
    submittedById: submitter?.id ?? null,
    submittedByName: submitter?.name ?? null,
    deletedAt: deletion?.at ?? null,
    deletedBy: deletion?.by ?? null,
    deletionReason: deletion?.reason ?? null,
    evidenceKept: deletion?.evidenceKept ?? null,
    deletionRequestedAt: request?.at ?? null,
    deletionRequestedBy: request?.by ?? null,
    stateBeforeRequest,
    sortTitle: fold(title ?? facts.poId),
    keywords:
      facts.keywords === undefined ? (current?.keywords ?? fold(facts.poId)) : fold(facts.keywords),
    detailsAt: facts.details ? now : (current?.detailsAt ?? null),
    checkedAt: facts.checked ? now : (current?.checkedAt ?? null),
  };
}
