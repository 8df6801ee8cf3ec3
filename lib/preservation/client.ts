import "server-only";
// The preservation API client (ETSI TS 119 512, POST /<Operation>): adds the token and the tenant
// header, reads the envelope whatever the HTTP status, and returns it with `result` intact.
// Success answers 200 and Pending 202; every other result is an ApiError carrying the envelope
// (see lib/api/upstream-errors.ts for the table).
import { callUpstream, upstreamUrl, type UpstreamSettings } from "@/lib/api/upstream-fetch";
import { preservationFailure, type TokenMode } from "@/lib/api/upstream-errors";
import { isPending, isSuccess } from "@scriptorium/contract/preservation/result-codes";
import {
  PRESERVATION_OPERATIONS,
  Result,
  type PreservationOperation,
  type PreservationRequest,
  type PreservationResponse,
} from "@scriptorium/contract/preservation/schemas";
import {
  EXTENSION_OPERATIONS,
  type ExtensionOperation,
  type ExtensionRequest,
  type ExtensionResponse,
} from "@scriptorium/contract/preservation/extensions";

export interface PreservationClientOptions extends UpstreamSettings {
  // PRESERVATION_API_URL, without a trailing slash.
  baseUrl: string;
  tenantHeader: string;
  tokenMode: TokenMode;
}

export interface PreservationCall {
  token: string;
  tenant: string;
  signal?: AbortSignal;
}

export interface PreservationAnswer<Op extends PreservationOperation> {
  // 200 for Success, 202 for Pending.
  status: 200 | 202;
  body: PreservationResponse<Op>;
}

// Reads that change nothing upstream, so a failed attempt may be repeated.
export const IDEMPOTENT_OPERATIONS: ReadonlySet<PreservationOperation> = new Set([
  "RetrieveInfo",
  "RetrievePO",
  "RetrieveTrace",
  "Search",
]);

function envelopeOf(json: unknown): (Record<string, unknown> & { result: Result }) | undefined {
  if (typeof json !== "object" || json === null) return undefined;
  const result = Result.safeParse((json as { result?: unknown }).result);
  return result.success ? { ...(json as Record<string, unknown>), result: result.data } : undefined;
}

export type PreservationClient = ReturnType<typeof createPreservationClient>;

// Builds a client for one preservation API.
export function createPreservationClient(options: PreservationClientOptions) {
  // POST /<operation> with the caller's token and tenant.
  const post = (call: PreservationCall, operation: string, request: unknown, idempotent: boolean) =>
    callUpstream(options, {
      method: "POST",
      url: upstreamUrl(options.baseUrl, operation),
      token: call.token,
      headers: { [options.tenantHeader]: call.tenant },
      body: JSON.stringify(request),
      idempotent,
      signal: call.signal,
    });

  return {
    // POST /<operation> – one ETSI operation with an already validated request
    async call<Op extends PreservationOperation>(
      call: PreservationCall,
      operation: Op,
      request: PreservationRequest<Op>,
    ): Promise<PreservationAnswer<Op>> {
      const answer = await post(call, operation, request, IDEMPOTENT_OPERATIONS.has(operation));
      const parsed = PRESERVATION_OPERATIONS[operation].response.safeParse(answer.json);
      if (!parsed.success) {
        // An error answer need not carry the rest of a success body: its `result` is enough.
        const envelope = envelopeOf(answer.json);
        const usable = envelope && !isSuccess(envelope.result) && !isPending(envelope.result);
        throw preservationFailure(answer.status, usable ? envelope : undefined, options.tokenMode);
      }
      const body = parsed.data as PreservationResponse<Op>;
      const accessRefused = answer.status === 401 || answer.status === 403;
      if (!accessRefused && isSuccess(body.result)) return { status: 200, body };
      if (!accessRefused && isPending(body.result)) return { status: 202, body };
      throw preservationFailure(answer.status, body, options.tokenMode);
    },

    // POST /<operation> – one of the embedded archive's extensions (RenewEvidence,
    // RetrieveFixityReport); another archive answers 404 or notSupported, thrown as an ApiError.
    async extension<Op extends ExtensionOperation>(
      call: PreservationCall,
      operation: Op,
      request: ExtensionRequest<Op>,
    ): Promise<ExtensionResponse<Op>> {
      const answer = await post(call, operation, request, operation === "RetrieveFixityReport");
      const parsed = EXTENSION_OPERATIONS[operation].response.safeParse(answer.json);
      const envelope = envelopeOf(answer.json);
      if (parsed.success && answer.status < 300 && envelope && isSuccess(envelope.result)) {
        return parsed.data as ExtensionResponse<Op>;
      }
      throw preservationFailure(answer.status, envelope, options.tokenMode);
    },
  };
}
