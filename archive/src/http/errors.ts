// The ingest API's error shape `{ code, message }` and the HTTP status of each code.
export const ingestErrorStatus = {
  NOT_AUTHORIZED: 401,
  NO_PERMISSION: 403,
  NOT_FOUND: 404,
  VALIDATION_ERROR: 400,
  JSON_TOO_LARGE: 413,
  EXCEPTION: 500,
} as const;

export type IngestErrorCode = keyof typeof ingestErrorStatus;

export class IngestError extends Error {
  constructor(
    readonly code: IngestErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "IngestError";
  }

  get status(): (typeof ingestErrorStatus)[IngestErrorCode] {
    return ingestErrorStatus[this.code];
  }

  toJSON() {
    return { code: this.code, message: this.message };
  }
}
