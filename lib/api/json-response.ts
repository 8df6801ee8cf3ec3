// A JSON answer that also keeps its text on the Response, so the direct lane
// (lib/server/direct-lane.ts) writes it as it is instead of reading it back through the Response's
// stream, which cost more than serialising it. Next.js reads the body as from any Response.
const JSON_TEXT = Symbol.for("scriptorium.jsonText");

type WithText = Response & { [JSON_TEXT]?: string };

export function jsonResponse(body: unknown, init: { status?: number; headers?: HeadersInit } = {}) {
  const text = JSON.stringify(body);
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json");
  const response: WithText = new Response(text, { status: init.status ?? 200, headers });
  response[JSON_TEXT] = text;
  return response;
}

// The text of an answer made by jsonResponse, if it was (from any bundle's copy of this module).
export function jsonTextOf(response: Response): string | undefined {
  return (response as WithText)[JSON_TEXT];
}
