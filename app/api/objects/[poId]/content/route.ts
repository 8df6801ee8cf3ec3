import { contentOf, contentDisposition, previewKind } from "@/components/objects/object-view";
import { ApiError } from "@/lib/api/errors";
import { apiRoute } from "@/lib/api/handler";
import { decodedAnswer, retrieve } from "../_lib/retrieve";
import { otherMethods } from "@/lib/api/other-methods";

type Params = { poId: string };

// GET /api/objects/[poId]/content?id=..&version=..&inline=1 – one data object's bytes, decoded, as
// a download; inline only for PDFs and raster images, which the object page previews
export const GET = apiRoute<Params>({}, async (ctx) => {
  const params = new URL(ctx.request.url).searchParams;
  const id = params.get("id");
  if (!id)
    throw new ApiError("VALIDATION_ERROR", "Name the object's file with ?id=.", { field: "id" });
  const pos = await retrieve(ctx, { sor: "PO", version: params.get("version") });
  const po = pos.find((p) => p.id === id);
  const content = po && contentOf(po);
  if (!po || content === undefined) {
    throw new ApiError("NOT_FOUND", `This version of the object has no file "${id}".`);
  }
  const kind = previewKind(po);
  const inline = params.get("inline") === "1" && (kind === "pdf" || kind === "image");
  return decodedAnswer(content, {
    type: po.mimeType || "application/octet-stream",
    disposition: contentDisposition(inline ? "inline" : "attachment", id),
    // A PDF viewer cannot run in a sandboxed document; everything else gets one.
    sandbox: kind !== "pdf",
  });
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET");
export { otherMethod as POST, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
