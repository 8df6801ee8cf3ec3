import { contentOf, contentDisposition, evidenceFor } from "@/components/objects/object-view";
import { ApiError } from "@/lib/api/errors";
import { apiRoute } from "@/lib/api/handler";
import { evidenceFileExtension } from "@/lib/preservation/profile-text";
import { decodedAnswer, retrieve } from "../_lib/retrieve";
import { otherMethods } from "@/lib/api/other-methods";

type Params = { poId: string };

// GET /api/objects/[poId]/evidence?id=..&version=..&format=.. – the evidence record of one data
// object (RetrievePO with sor=Evidence) in a format the object's profile offers, as a download
export const GET = apiRoute<Params>({}, async (ctx) => {
  const params = new URL(ctx.request.url).searchParams;
  const id = params.get("id");
  if (!id)
    throw new ApiError("VALIDATION_ERROR", "Name the object's file with ?id=.", { field: "id" });
  const format = params.get("format");
  const records = await retrieve(ctx, { sor: "Evidence", version: params.get("version"), format });
  const record = evidenceFor(records, id);
  const content = record && contentOf(record);
  if (!record || content === undefined) {
    throw new ApiError(
      "NOT_FOUND",
      `The archive holds no evidence record for "${id}" in this version.`,
    );
  }
  const fid = record.formatId ?? format ?? "";
  const name =
    record.id && record.id !== id ? record.id : `${id}.evidence${evidenceFileExtension(fid)}`;
  return decodedAnswer(content, {
    type: record.mimeType || "application/octet-stream",
    disposition: contentDisposition("attachment", name),
    sandbox: true,
  });
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET");
export { otherMethod as POST, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
