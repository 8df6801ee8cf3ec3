// How an operation reports failure: one error type carrying the ETSI major and minor result, thrown
// anywhere below a handler and turned into the ETSI response by the route wrapper.
import type { MinorName } from "./result";

export type Major = "RequesterError" | "ResponderError" | "InsufficientInformation";

export class PreservationError extends Error {
  constructor(
    readonly major: Major,
    readonly minor: MinorName,
    message: string,
    // Access refusals also change the HTTP status (401/403); every other outcome is HTTP 200.
    readonly httpStatus: 200 | 401 | 403 | 404 | 413 = 200,
  ) {
    super(message);
    this.name = "PreservationError";
  }
}

// A problem with what the caller sent.
export function requesterError(minor: MinorName, message: string): PreservationError {
  return new PreservationError("RequesterError", minor, message);
}

// A failure on the archive's side; the message must not leak internals.
export function responderError(minor: MinorName, message: string): PreservationError {
  return new PreservationError("ResponderError", minor, message);
}

// The object does not exist in the caller's tenant (or was deleted): the same answer either way,
// so that one tenant cannot probe another's identifiers.
export function unknownPoId(poId: string): PreservationError {
  return requesterError("unknownPOID", `No preservation object "${poId}" exists in this tenant.`);
}

// Writing (PreservePO, UpdatePOC) needs the archivist or admin role, as ingesting does.
export function requireWriter(roles: readonly string[]): void {
  if (!roles.includes("archivist") && !roles.includes("admin")) {
    throw new PreservationError(
      "RequesterError",
      "noPermission",
      "Preserving objects needs the archivist or admin role.",
      403,
    );
  }
}
