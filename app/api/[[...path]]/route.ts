import { ApiError } from "@/lib/api/errors";

// Whatever the caller sent: answered live, never cached.
export const dynamic = "force-dynamic";

// Any method at an /api address no route serves – 404 in the error shape, not the HTML page
function notFound(): Response {
  return Response.json(
    new ApiError(
      "NOT_FOUND",
      "There is no API route at this address: check the path and the method.",
    ).toJSON(),
    { status: 404, headers: { "Cache-Control": "no-store" } },
  );
}

export {
  notFound as GET,
  notFound as POST,
  notFound as PUT,
  notFound as PATCH,
  notFound as DELETE,
};
