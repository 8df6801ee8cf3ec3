import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/other-methods";
import { readFixityReport } from "@/lib/fixity/report";

const noStore = { "Cache-Control": "no-store" };

// GET /api/admin/fixity – the archive's fixity report for the current tenant (RetrieveFixityReport,
// an extension of the embedded archive): `{ available: true, report }`, or `{ available: false,
// reason }` when the archive does not offer it
export const GET = apiRoute({ role: "admin" }, async (ctx) =>
  Response.json(await readFixityReport(ctx.deps.preservation, await ctx.upstream()), {
    headers: noStore,
  }),
);

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET");
export { otherMethod as POST, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
