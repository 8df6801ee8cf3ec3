import "server-only";
// What a refused request was about, for its audit entry: the handler that would have named the
// target never ran, so read it from the path values, then from a small JSON body.
import { readLimited } from "@scriptorium/contract/read-limited";

// Fields that name what a request acts on, most specific first.
const TARGET_FIELDS = ["poId", "packageId", "id", "key"] as const;
// A refused request's body is read only when it is small JSON; uploads are never buffered.
const MAX_BODY_BYTES = 64 * 1024;

function fieldOf(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  for (const field of TARGET_FIELDS) {
    const named = record[field];
    if (typeof named === "string" && named !== "") return named;
  }
  return undefined;
}

// The target the request named, or undefined when it named none.
export async function namedTarget(request: Request, params: unknown): Promise<string | undefined> {
  const fromPath = fieldOf(params);
  if (fromPath) return fromPath;
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("json") || request.bodyUsed || !request.body) return undefined;
  // A declared length says at once whether the body is small; without one (a chunked body, as
  // fetch sends a stream), at most the limit is read and a longer body is left unread. The copy's
  // reader is released, not cancelled: cancelling one branch of a tee waits for the other.
  const declared = request.headers.get("content-length");
  if (declared !== null && !(Number(declared) <= MAX_BODY_BYTES)) return undefined;
  try {
    const bytes = await readLimited(request.clone().body!, MAX_BODY_BYTES, "release");
    return bytes ? fieldOf(JSON.parse(bytes.toString("utf8"))) : undefined;
  } catch {
    return undefined;
  }
}
