// One error type, one table from code to HTTP status, one mapper: every failure of an /api route
// answers `{ error: { code, message, field?, upstream? } }`.
//
// Codes the upstream ingest API defines (NOT_AUTHORIZED, NO_PERMISSION, NOT_FOUND,
// VALIDATION_ERROR, JSON_TOO_LARGE, EXCEPTION) keep their name and meaning here, so a caller
// reads one vocabulary whether the dashboard or the archive refused. EXCEPTION is a failure
// behind the dashboard, hence 502, not 500: a 500 always means the dashboard itself failed.
import { jsonResponse } from "./json-response";

export const ERROR_STATUS = {
  // The caller
  UNAUTHENTICATED: 401,
  SESSION_ENDED: 401,
  FORBIDDEN: 403,
  CROSS_SITE: 403,
  VALIDATION_ERROR: 400,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  // The thing is in another state (e.g. a batch package being sent already).
  CONFLICT: 409,
  REQUEST_TIMEOUT: 408,
  JSON_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
  // The archive's answer
  NOT_AUTHORIZED: 401,
  NO_PERMISSION: 403,
  INSUFFICIENT_INFORMATION: 422,
  NOT_SUPPORTED: 501,
  EXCEPTION: 502,
  UPSTREAM_ERROR: 502,
  UPSTREAM_UNAVAILABLE: 502,
  UPSTREAM_TIMEOUT: 504,
  TOKEN_UNAVAILABLE: 503,
  // The dashboard itself
  INTERNAL_ERROR: 500,
} as const;

export type ApiErrorCode = keyof typeof ERROR_STATUS;

// What the archive said, when the error comes from its answer. Never holds a token or a URL.
export interface UpstreamDetail {
  status: number;
  code?: string;
  message?: string;
  // Preservation answers: result.maj and result.min as sent.
  maj?: string;
  min?: string;
}

export interface ErrorBody {
  error: {
    code: ApiErrorCode;
    message: string;
    field?: string;
    upstream?: UpstreamDetail;
  };
}

// Marks an ApiError across bundles: the upstream clients live on globalThis, so an error may be
// built by another bundle's copy of this class, which a plain `instanceof` would not recognise.
const API_ERROR = Symbol.for("scriptorium.ApiError");

export class ApiError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && API_ERROR in value;
  }

  readonly [API_ERROR] = true;
  readonly code: ApiErrorCode;
  readonly field?: string;
  readonly upstream?: UpstreamDetail;
  // Extra top-level members of the body, e.g. the preservation envelope with its `result`.
  readonly body?: Record<string, unknown>;

  constructor(
    code: ApiErrorCode,
    message: string,
    extra: { field?: string; upstream?: UpstreamDetail; body?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.field = extra.field;
    this.upstream = extra.upstream;
    this.body = extra.body;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  // The JSON body of this error: the envelope it carries, if any, plus `error`.
  toJSON(): ErrorBody & Record<string, unknown> {
    const error: ErrorBody["error"] = { code: this.code, message: this.message };
    if (this.field !== undefined) error.field = this.field;
    if (this.upstream !== undefined) error.upstream = this.upstream;
    return { ...this.body, error };
  }
}

// The token source (lib/auth) throws this shape; matched by name and code so this module does
// not depend on the auth module's file layout.
function tokenSourceError(error: unknown): ApiError | null {
  if (!(error instanceof Error) || error.name !== "UpstreamTokenError") return null;
  const code = (error as Error & { code?: unknown }).code;
  if (code === "session_ended") {
    return new ApiError("SESSION_ENDED", "Your session has ended. Sign in again.");
  }
  return new ApiError(
    "TOKEN_UNAVAILABLE",
    "The dashboard could not get a sign-in token for the archive just now. Try again in a minute.",
  );
}

// Any thrown value as an ApiError. Unknown errors become a 500 whose message has no internals.
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const fromTokenSource = tokenSourceError(error);
  if (fromTokenSource) return fromTokenSource;
  return new ApiError(
    "INTERNAL_ERROR",
    "Something went wrong in the dashboard. Try again; if it keeps happening, tell an administrator.",
  );
}

// The Response for any thrown value, logging what the caller is not shown.
export function errorResponse(error: unknown): Response {
  const apiError = toApiError(error);
  if (apiError.code === "INTERNAL_ERROR" && apiError !== error) {
    console.error("api route failed", error);
  }
  return jsonResponse(apiError.toJSON(), {
    status: apiError.status,
    headers: { "Cache-Control": "no-store" },
  });
}
