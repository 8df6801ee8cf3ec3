// Next.js answers a method a route handler does not export with an empty 405. Each route exports
// this for the methods it does not serve, so a caller gets the error shape and an Allow header.
import { ApiError } from "./errors";
import { jsonResponse } from "./json-response";

type Served = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

// The handler for every method of a route other than `served` (HEAD and OPTIONS follow GET).
export function otherMethods(...served: Served[]): () => Response {
  const allow = [...served, ...(served.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  return () =>
    jsonResponse(
      new ApiError(
        "METHOD_NOT_ALLOWED",
        `This address does not answer that method: use ${allow}.`,
      ).toJSON(),
      { status: 405, headers: { Allow: allow, "Cache-Control": "no-store" } },
    );
}
