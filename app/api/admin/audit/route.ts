import { apiRoute } from "@/lib/api/handler";
import { readAuditFilters } from "@/lib/admin/audit-filters";
import { auditActions, queryAudit } from "@/lib/admin/audit-query";
import { getDb } from "@/lib/db";
import { otherMethods } from "@/lib/api/other-methods";

// GET /api/admin/audit – one page of the audit log, newest first (?action&actor&outcome&from&to&target&before)
export const GET = apiRoute({ role: "admin" }, async (ctx) => {
  const params = new URL(ctx.request.url).searchParams;
  const before = Number(params.get("before"));
  const db = await getDb();
  const [page, actions] = await Promise.all([
    queryAudit(db, readAuditFilters(params), ctx.session.user.tenants, {
      ...(Number.isSafeInteger(before) && before > 0 ? { before } : {}),
    }),
    auditActions(db),
  ]);
  return Response.json({ ...page, actions }, { headers: { "Cache-Control": "no-store" } });
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET");
export { otherMethod as POST, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
