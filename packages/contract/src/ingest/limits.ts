// The ingest API's limits and SIP statuses as plain values, without zod: browser code imports
// them from here, and the schemas re-export them.

// Every limit the spec names, in bytes or seconds, so that each is enforced where data enters.
export const INGEST_LIMITS = {
  inlineBodyBytes: 10 * 1024 * 1024,
  uploadBytes: 5 * 1024 ** 3,
  urlBytes: 200 * 1024 * 1024,
  uploadUrlValiditySeconds: 5 * 60 * 60,
  tokenValiditySeconds: 300,
  nameMinLength: 3,
} as const;

// SIP statuses after which polling stops; any other value, known or not, means "in progress".
export const SIP_TERMINAL_STATUSES = ["INGESTED", "FAILED"] as const;

// Whether a SIP status is final (the archive will not change it any more).
export function isTerminalSipStatus(status: string): boolean {
  return (SIP_TERMINAL_STATUSES as readonly string[]).includes(status);
}

export const CONTENT_TYPES = ["BINARY", "URL", "S3"] as const;
