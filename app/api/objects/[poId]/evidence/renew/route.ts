import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/other-methods";
import { parseOrThrow, readJsonBody } from "@/lib/api/request";
import { isMissingExtension } from "@/lib/fixity/extension";
import { RENEWAL_MODES } from "@scriptorium/contract/preservation/extensions";

type Params = { poId: string };

const RenewInput = z.strictObject({
  mode: z.enum(RENEWAL_MODES, { error: "mode must be timestamp or hashtree" }).optional(),
});

// POST /api/objects/[poId]/evidence/renew – renews the evidence of every version of the object
// (RenewEvidence, an extension of the embedded archive): a new time-stamp in each record's last
// chain (`timestamp`, the default), or a new chain over the data and the old records (`hashtree`)
export const POST = apiRoute<Params>({ role: "admin", audit: "evidence.renew" }, async (ctx) => {
  const { mode = "timestamp" } = parseOrThrow(
    RenewInput,
    await readJsonBody(ctx.request, { empty: {} }),
  );
  const poId = ctx.params.poId;
  ctx.audit.target = poId;
  ctx.audit.detail = { mode };
  try {
    const answer = await ctx.deps.preservation.extension(await ctx.upstream(), "RenewEvidence", {
      poId,
      mode,
    });
    ctx.audit.detail = { mode, versions: (answer.renewed ?? []).length };
    return Response.json({ renewed: answer.renewed ?? [] });
  } catch (error) {
    if (!isMissingExtension(error)) throw error;
    throw new ApiError(
      "NOT_SUPPORTED",
      "This archive does not renew evidence on request (it has no RenewEvidence operation). Renew it with the archive's own tools.",
    );
  }
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("POST");
export { otherMethod as GET, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
