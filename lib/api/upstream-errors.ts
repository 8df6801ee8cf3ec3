// How the archive's refusals become the dashboard's errors, keeping their meaning.
//
// Ingest API: `{ code, message }` with the HTTP status of its code. The six documented codes keep
// their names; an unknown code is read from the HTTP status. Upstream 5xx is 502.
//
// Preservation API: the ETSI envelope, whose `result` decides. A Success answers 200 (Pending 202)
// with the parsed body. Anything else answers the parsed body, `result` intact, plus `error`:
//   RequesterError + noPermission          -> 403 NO_PERMISSION
//   RequesterError + unknownPOID/VersionID -> 404 NOT_FOUND
//   RequesterError + notSupported          -> 501 NOT_SUPPORTED
//   RequesterError (any other minor)       -> 400 VALIDATION_ERROR
//   InsufficientInformation                -> 422 INSUFFICIENT_INFORMATION
//   ResponderError                         -> 502 UPSTREAM_ERROR
// HTTP 401, 403 and 413 win over the result (the archive's access and size refusals).
//
// An upstream 401 means the archive refused the dashboard's token: in user mode the person signs
// in again (401); in service mode that would not help, it is the dashboard's configuration (502).
import { INGEST_ERROR_CODES, type IngestErrorCode } from "@scriptorium/contract/ingest/schemas";
import {
  describeResult,
  RESULT_MAJOR,
  RESULT_MINOR,
  type ResultLike,
} from "@scriptorium/contract/preservation/result-codes";
import { ApiError, type ApiErrorCode, type UpstreamDetail } from "./errors";

export type TokenMode = "user" | "service";

const INGEST_CODE: Record<IngestErrorCode, ApiErrorCode> = {
  NOT_AUTHORIZED: "NOT_AUTHORIZED",
  NO_PERMISSION: "NO_PERMISSION",
  NOT_FOUND: "NOT_FOUND",
  VALIDATION_ERROR: "VALIDATION_ERROR",
  JSON_TOO_LARGE: "JSON_TOO_LARGE",
  EXCEPTION: "EXCEPTION",
};

const DEFAULT_MESSAGE: Partial<Record<ApiErrorCode, string>> = {
  NOT_AUTHORIZED: "The archive did not accept your sign-in. Sign in again.",
  NO_PERMISSION: "The archive does not allow you to do this in the chosen tenant.",
  NOT_FOUND: "The archive has no such package or submission in the chosen tenant.",
  VALIDATION_ERROR: "The archive refused the request as not valid.",
  JSON_TOO_LARGE:
    "The request is larger than the archive accepts (10 MB). Upload large files through an upload URL (GET /api/ingest/url) and name them as S3 content.",
  NOT_SUPPORTED: "The archive does not offer this operation.",
  INSUFFICIENT_INFORMATION: "The archive needs more information to carry out the request.",
};

const SERVER_SIDE =
  "The archive failed to handle the request. Try again later; if it keeps happening, the archive's operator needs to look at it.";
const SERVICE_REFUSED =
  "The archive refused the dashboard's own credentials. An administrator needs to check the dashboard's OIDC client settings.";

function byStatus(status: number): ApiErrorCode {
  if (status === 401) return "NOT_AUTHORIZED";
  if (status === 403) return "NO_PERMISSION";
  if (status === 404) return "NOT_FOUND";
  if (status === 413) return "JSON_TOO_LARGE";
  if (status >= 500) return "UPSTREAM_ERROR";
  return "VALIDATION_ERROR";
}

function readIngestError(json: unknown): { code?: string; message?: string } {
  if (typeof json !== "object" || json === null) return {};
  const { code, message } = json as { code?: unknown; message?: unknown };
  return {
    code: typeof code === "string" ? code : undefined,
    message: typeof message === "string" && message.trim() !== "" ? message : undefined,
  };
}

function finish(
  code: ApiErrorCode,
  mode: TokenMode,
  upstream: UpstreamDetail,
  message: string | undefined,
  body?: Record<string, unknown>,
): ApiError {
  if (code === "NOT_AUTHORIZED" && mode === "service") {
    return new ApiError("UPSTREAM_ERROR", SERVICE_REFUSED, { upstream, body });
  }
  if (code === "EXCEPTION" || code === "UPSTREAM_ERROR") {
    return new ApiError(code, SERVER_SIDE, { upstream, body });
  }
  // These two say what to do next, which the archive's own words cannot (they name its paths).
  const own = code === "NOT_AUTHORIZED" || code === "JSON_TOO_LARGE" ? undefined : message;
  return new ApiError(code, own ?? DEFAULT_MESSAGE[code] ?? SERVER_SIDE, { upstream, body });
}

// The error for a non-2xx answer of the ingest API.
export function ingestFailure(status: number, json: unknown, mode: TokenMode): ApiError {
  const { code, message } = readIngestError(json);
  const known = code && (INGEST_ERROR_CODES as readonly string[]).includes(code);
  const mapped = known ? INGEST_CODE[code as IngestErrorCode] : byStatus(status);
  // A 5xx is the archive's failure whatever code it claims.
  const apiCode = status >= 500 && mapped !== "EXCEPTION" ? "UPSTREAM_ERROR" : mapped;
  const upstream: UpstreamDetail = { status };
  if (code) upstream.code = code;
  if (message) upstream.message = message;
  // 4xx messages are written for the caller and name the field at fault: show them.
  return finish(apiCode, mode, upstream, message && `The archive refused the request: ${message}`);
}

function resultCode(result: ResultLike): ApiErrorCode {
  switch (result.maj) {
    case RESULT_MAJOR.RequesterError:
      if (result.min === RESULT_MINOR.noPermission) return "NO_PERMISSION";
      if (result.min === RESULT_MINOR.unknownPOID || result.min === RESULT_MINOR.unknownVersionID) {
        return "NOT_FOUND";
      }
      if (result.min === RESULT_MINOR.notSupported) return "NOT_SUPPORTED";
      return "VALIDATION_ERROR";
    case RESULT_MAJOR.InsufficientInformation:
      return "INSUFFICIENT_INFORMATION";
    default:
      return "UPSTREAM_ERROR";
  }
}

// The error for a preservation answer that is not a Success or Pending. `envelope` is the parsed
// body when it has a readable `result`, else undefined.
export function preservationFailure(
  status: number,
  envelope: (Record<string, unknown> & { result: ResultLike }) | undefined,
  mode: TokenMode,
): ApiError {
  const upstream: UpstreamDetail = { status };
  if (!envelope) {
    if (status < 400) {
      return new ApiError(
        "UPSTREAM_ERROR",
        "The archive answered with something the dashboard cannot read (no ETSI result).",
        { upstream },
      );
    }
    return finish(status === 404 ? "NOT_SUPPORTED" : byStatus(status), mode, upstream, undefined);
  }
  const { result } = envelope;
  const described = describeResult(result);
  upstream.maj = result.maj;
  if (result.min) upstream.min = result.min;
  upstream.message = described.detail;
  const fromStatus =
    status === 401 || status === 403 || status === 413 ? byStatus(status) : undefined;
  const code = fromStatus ?? resultCode(result);
  return finish(code, mode, upstream, `${described.title}: ${described.detail}`, envelope);
}
