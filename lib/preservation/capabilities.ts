import "server-only";
// Which of the four operations the vendor marks "not available yet" (RetrieveTrace, Search,
// ValidateEvidence, UpdatePOC) the configured archive answers. Each is probed once with a harmless
// call and the verdict is kept per upstream by the server container for a
// while, so pages offer an operation only where it works and say why otherwise.
import { toApiError } from "@/lib/api/errors";
import type { ApiSession } from "@/lib/api/deps";
import { RESULT_MINOR } from "@scriptorium/contract/preservation/result-codes";
import {
  PRESERVATION_OPERATIONS,
  type PreservationOperation,
  type PreservationRequest,
} from "@scriptorium/contract/preservation/schemas";

export type OptionalOperation = "RetrieveTrace" | "Search" | "ValidateEvidence" | "UpdatePOC";

export const OPTIONAL_OPERATIONS = (
  Object.keys(PRESERVATION_OPERATIONS) as PreservationOperation[]
).filter((op) => PRESERVATION_OPERATIONS[op].notAvailableYet) as OptionalOperation[];

// available: true (answers), false (does not offer it), null (could not tell just now).
export interface Capability {
  available: boolean | null;
  reason: string;
}
export type Capabilities = Record<OptionalOperation, Capability>;

// An id no object has: a present operation answers unknownPOID or an empty result, changing nothing.
export const PROBE_ID = "scriptorium-capability-probe";

export const PROBE_REQUESTS: { [Op in OptionalOperation]: PreservationRequest<Op> } = {
  RetrieveTrace: { poId: PROBE_ID },
  Search: { fi: `id=${PROBE_ID}` },
  // No evidence at all: a present operation refuses it as a parameter error.
  ValidateEvidence: {},
  UpdatePOC: { poId: PROBE_ID, deltaPoc: [{ id: PROBE_ID, mimeType: "text/plain" }] },
};

// How long a verdict is trusted: a definite one for ten minutes, "could not tell" for half a minute.
export const CAPABILITY_TTL_MS = 10 * 60_000;
export const UNKNOWN_TTL_MS = 30_000;

const ABSENT_STATUSES = new Set([404, 405, 501]);
const MISSING_OBJECT = new Set<string>([RESULT_MINOR.unknownPOID, RESULT_MINOR.unknownVersionID]);
// Answers that show the archive read the probe as the operation it is.
const PRESENT_CODES = new Set([
  "NOT_FOUND",
  "VALIDATION_ERROR",
  "INSUFFICIENT_INFORMATION",
  "NO_PERMISSION",
]);

// What a probe's outcome says about the operation: `error` is what the preservation client threw.
export function probeVerdict(outcome: { ok: true } | { error: unknown }): Capability {
  if ("ok" in outcome) return { available: true, reason: "The archive answers this operation." };
  const error = toApiError(outcome.error);
  if (error.code === "INTERNAL_ERROR") {
    console.error("capability probe failed", outcome.error);
    return { available: null, reason: "The dashboard could not ask the archive just now." };
  }
  const upstream = error.upstream;
  if (error.code === "NOT_SUPPORTED" || upstream?.min === RESULT_MINOR.notSupported) {
    return {
      available: false,
      reason: "The archive answered that it does not support this operation.",
    };
  }
  if (upstream && ABSENT_STATUSES.has(upstream.status) && !MISSING_OBJECT.has(upstream.min ?? "")) {
    return {
      available: false,
      reason: `The archive has no such operation (it answered HTTP ${upstream.status}).`,
    };
  }
  if (PRESENT_CODES.has(error.code)) {
    return { available: true, reason: "The archive answers this operation." };
  }
  return {
    available: null,
    reason: `The dashboard could not ask the archive just now (${error.message}) and will ask again shortly.`,
  };
}

export type Probe = <Op extends OptionalOperation>(
  operation: Op,
  request: PreservationRequest<Op>,
) => Promise<unknown>;

interface Entry {
  expiresAt: number;
  verdict: Promise<Capability>;
}

export interface CapabilityCache {
  // The verdicts for `upstream`, probing (once, however many callers wait) those not known.
  get(upstream: string, probe: Probe): Promise<Capabilities>;
  clear(): void;
}

// A cache of verdicts keyed by upstream URL and operation.
export function createCapabilityCache(now: () => number = Date.now): CapabilityCache {
  const entries = new Map<string, Entry>();
  const verdictOf = (upstream: string, operation: OptionalOperation, probe: Probe) => {
    const key = `${upstream} ${operation}`;
    const cached = entries.get(key);
    if (cached && cached.expiresAt > now()) return cached.verdict;
    const verdict = probe(operation, PROBE_REQUESTS[operation]).then(
      () => probeVerdict({ ok: true }),
      (error: unknown) => probeVerdict({ error }),
    );
    // Until the probe answers, callers share it instead of probing again.
    const entry: Entry = { expiresAt: Number.POSITIVE_INFINITY, verdict };
    void verdict.then((verdict) => {
      entry.expiresAt = now() + (verdict.available === null ? UNKNOWN_TTL_MS : CAPABILITY_TTL_MS);
    });
    entries.set(key, entry);
    return entry.verdict;
  };
  return {
    async get(upstream, probe) {
      const verdicts = await Promise.all(
        OPTIONAL_OPERATIONS.map((op) => verdictOf(upstream, op, probe)),
      );
      return Object.fromEntries(
        OPTIONAL_OPERATIONS.map((op, index) => [op, verdicts[index]!]),
      ) as Capabilities;
    },
    clear: () => entries.clear(),
  };
}

// The verdicts for the configured archive, probing with the session's token where unknown.
export async function getCapabilities(session: ApiSession): Promise<Capabilities> {
  // Imported here: the server container makes this module's cache (a static import would be a cycle).
  const { apiDeps, getCapabilityCache, getEnv } = await import("@/lib/server/container");
  const deps = await apiDeps();
  const probe: Probe = async (operation, request) => {
    const token = await deps.getUpstreamToken(session);
    return deps.preservation.call({ token, tenant: session.tenant }, operation, request);
  };
  return getCapabilityCache().get(getEnv().PRESERVATION_API_URL, probe);
}
