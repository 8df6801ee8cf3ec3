import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/other-methods";
import { isMissingExtension } from "@/lib/fixity/extension";

const noStore = { "Cache-Control": "no-store" };

// GET /api/admin/fixity – the archive's fixity report for the current tenant (RetrieveFixityReport,
// an extension of the embedded archive): `{ available: true, report }`, or `{ available: false,
// reason }` when the archive does not offer it
export const GET = apiRoute({ role: "admin" }, async (ctx) => {
  try {
    const answer = await ctx.deps.preservation.extension(
      await ctx.upstream(),
      "RetrieveFixityReport",
      {},
    );
    if (!answer.report) throw new Error("The archive's fixity answer carries no report.");
    return Response.json({ available: true, report: answer.report }, { headers: noStore });
  } catch (error) {
    if (!isMissingExtension(error)) throw error;
    return Response.json(
      {
        available: false,
        reason:
          "This archive does not report fixity audits (it has no RetrieveFixityReport operation). Its own tools may show them.",
      },
      { headers: noStore },
    );
  }
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET");
export { otherMethod as POST, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
