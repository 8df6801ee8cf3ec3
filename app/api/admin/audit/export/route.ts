import { ApiError } from "@/lib/api/errors";
import { apiRoute } from "@/lib/api/handler";
import { readAuditFilters } from "@/lib/admin/audit-filters";
import { exportAudit } from "@/lib/admin/audit-query";
import { getDb } from "@/lib/db";
import { otherMethods } from "@/lib/api/other-methods";

const TYPES = { csv: "text/csv; charset=utf-8", json: "application/json; charset=utf-8" } as const;

// GET /api/admin/audit/export?format=csv|json – every matching entry as a download, streamed
export const GET = apiRoute({ role: "admin" }, async (ctx) => {
  const params = new URL(ctx.request.url).searchParams;
  const format = params.get("format") ?? "csv";
  if (format !== "csv" && format !== "json") {
    throw new ApiError("VALIDATION_ERROR", "format must be csv or json", { field: "format" });
  }
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");
  const stream = exportAudit(
    await getDb(),
    readAuditFilters(params),
    ctx.session.user.tenants,
    format,
  );
  return new Response(stream, {
    headers: {
      "Content-Type": TYPES[format],
      "Content-Disposition": `attachment; filename="audit-log-${stamp}.${format}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET");
export { otherMethod as POST, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
