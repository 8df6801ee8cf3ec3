// Words for a failed PUT to an upload URL. The embedded archive answers { code, message }, the
// dashboard { error: { code, message } }, S3 an XML <Error>; anything else gets a plain sentence.

function messageFromBody(body: string): string | null {
  const text = body.trim();
  if (text.startsWith("{")) {
    try {
      const json = JSON.parse(text) as { message?: unknown; error?: { message?: unknown } };
      const message = json.error?.message ?? json.message;
      return typeof message === "string" && message !== "" ? message : null;
    } catch {
      return null;
    }
  }
  const xml = /<Message>([^<]{1,500})<\/Message>/.exec(text);
  return xml?.[1] ?? null;
}

// A sentence saying why an upload attempt failed; `status` is null when no answer came back.
export function uploadFailureMessage(status: number | null, body = ""): string {
  if (status === null || status === 0) {
    return "The connection to the archive was lost during the upload.";
  }
  const said = messageFromBody(body);
  if (said) return said;
  if (status === 413) return "The archive refused the file as too large.";
  if (status === 400 || status === 403)
    return "The archive refused the upload URL (it may have expired).";
  if (status >= 500) return `The archive failed to store the file (HTTP ${status}).`;
  return `The archive refused the upload (HTTP ${status}).`;
}
