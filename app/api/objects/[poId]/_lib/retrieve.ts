import "server-only";
// What the two download routes share: RetrievePO for one version (or the latest) and an answer
// with the decoded bytes.
import type { RouteContext } from "@/lib/api/handler";
import type { RetrievePORequest, StoredPO } from "@scriptorium/contract/preservation/schemas";

// The POs RetrievePO answers for the route's object.
export async function retrieve(
  ctx: RouteContext<{ poId: string }>,
  options: { sor: "PO" | "Evidence"; version: string | null; format?: string | null },
): Promise<StoredPO[]> {
  const request: RetrievePORequest = {
    poId: ctx.params.poId,
    sor: options.sor,
    ...(options.version ? { versionId: [options.version] } : {}),
    ...(options.format ? { evFormat: options.format } : {}),
  };
  const answer = await ctx.deps.preservation.call(await ctx.upstream(), "RetrievePO", request);
  return answer.body.po ?? [];
}

// The bytes of base64 content as a download that no browser sniffs or runs.
export function decodedAnswer(
  base64: string,
  options: { type: string; disposition: string; sandbox: boolean },
): Response {
  const bytes = Buffer.from(base64, "base64");
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": options.type,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": options.disposition,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      // A PDF viewer cannot run in a sandboxed document; the object page frames it, so the
      // dashboard's own pages (only) may. Everything else is sandboxed and never framed.
      ...(options.sandbox
        ? {
            "Content-Security-Policy":
              "sandbox; default-src 'none'; img-src 'self' data:; frame-ancestors 'none'",
          }
        : { "Content-Security-Policy": "frame-ancestors 'self'", "X-Frame-Options": "SAMEORIGIN" }),
    },
  });
}
