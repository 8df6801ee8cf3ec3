// How the status hub's poller treats a failed status read (the hub is wired in
// lib/server/container.ts).
import { ApiError } from "@/lib/api/errors";
import type { FailureKind } from "../status-hub";

const CODES_OF_ONE_WATCHER = new Set([
  "UNAUTHENTICATED",
  "SESSION_ENDED",
  "NOT_AUTHORIZED",
  "FORBIDDEN",
  "NO_PERMISSION",
]);

// What a failed status read means for the poller: a session that ended or lacks permission
// concerns that watcher only, an unknown SIP ends the watch, anything else is retried.
export function classifyStatusFailure(error: unknown): {
  kind: FailureKind;
  message: string;
  code: string | null;
} {
  // By name, not instanceof: each route bundle may carry its own copy of the error class.
  if (
    error instanceof ApiError ||
    (error instanceof Error && error.name === "ApiError" && "code" in error)
  ) {
    const code = String((error as ApiError).code);
    let kind: FailureKind = "retry";
    if (code === "NOT_FOUND") kind = "final";
    else if (CODES_OF_ONE_WATCHER.has(code)) kind = "watcher";
    return { kind, message: error.message, code };
  }
  if (error instanceof Error && error.name === "UpstreamTokenError") {
    const ended = (error as Error & { code?: string }).code === "session_ended";
    return ended
      ? {
          kind: "watcher",
          message: "Your session has ended. Sign in again.",
          code: "SESSION_ENDED",
        }
      : {
          kind: "retry",
          message: "The dashboard could not get a sign-in token for the archive just now.",
          code: "TOKEN_UNAVAILABLE",
        };
  }
  const message =
    error instanceof Error && error.message === "The archive took too long to answer."
      ? error.message
      : "The archive could not be asked just now.";
  return { kind: "retry", message, code: null };
}
