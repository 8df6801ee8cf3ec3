// The uploads' one error type, apart from the uploader so that a page can recognise it without
// loading the uploader before the first upload.

export type UploadErrorKind = "too-large" | "cancelled" | "failed";

// Why an upload ended without a key; `message` is a sentence for the person.
export class UploadError extends Error {
  readonly kind: UploadErrorKind;
  readonly status: number | null;
  constructor(
    kind: UploadErrorKind,
    message: string,
    status: number | null = null,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "UploadError";
    this.kind = kind;
    this.status = status;
  }
}
