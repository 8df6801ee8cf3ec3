// Reads a JSON request body up to a limit, counting bytes as they arrive: an oversized body is
// refused from its Content-Length, or as soon as it passes the limit, never buffered whole.
import { readLimited } from "@scriptorium/contract/read-limited";
import { unstorableTextProblem } from "@scriptorium/contract/storable-text";
import { IngestError } from "../http/errors";

function tooLarge(limit: number) {
  const mb = Math.round(limit / (1024 * 1024));
  return new IngestError(
    "JSON_TOO_LARGE",
    `The request body is larger than ${mb} MB: upload large files with GET /url and name them as type S3 content.`,
  );
}

// The parsed JSON body of `request`, or an IngestError (413 over the limit, 400 when not JSON).
export async function readJsonBody(request: Request, limit: number): Promise<unknown> {
  const type = request.headers.get("content-type");
  if (type && !/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new IngestError(
      "VALIDATION_ERROR",
      `The request body must be JSON (Content-Type: application/json), not ${type}.`,
    );
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(limit);
  if (!request.body)
    throw new IngestError(
      "VALIDATION_ERROR",
      "The request has no body: send the JSON described by the API.",
    );

  // Released, not cancelled, past the limit: cancelling destroys the socket before the answer.
  const bytes = await readLimited(request.body, limit, "release").catch(() => {
    // The body's stream fails only when the connection does (the client hung up mid-body): the
    // caller's error, not the archive's, whoever is left to hear it.
    throw new IngestError(
      "VALIDATION_ERROR",
      "The request body ended before it was complete (the connection was closed): send it again.",
    );
  });
  if (!bytes) throw tooLarge(limit);
  const text = bytes.toString("utf8");
  if (text.trim() === "")
    throw new IngestError(
      "VALIDATION_ERROR",
      "The request body is empty: send the JSON described by the API.",
    );
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch (error) {
    throw new IngestError(
      "VALIDATION_ERROR",
      `The request body is not valid JSON: ${(error as Error).message}.`,
    );
  }
  const problem = unstorableTextProblem(json, "The request body");
  if (problem) throw new IngestError("VALIDATION_ERROR", problem);
  return json;
}
