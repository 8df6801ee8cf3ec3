import { apiRoute } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { otherMethods } from "@/lib/api/other-methods";
import { statusOf, syncCursors } from "@/lib/catalogue/sync-cursor";
import { startCatalogueSync, syncRunning } from "@/lib/catalogue/sync-service";
import type { CatalogueSyncStatus } from "@/lib/catalogue/sync-status";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { getCapabilities } from "@/lib/preservation/capabilities";
import type { ApiSession } from "@/lib/api/deps";

const noStore = { "Cache-Control": "no-store" };

// The cursors of the tenants the admin holds only: another tenant's figures are not theirs to see.
async function status(session: ApiSession): Promise<CatalogueSyncStatus> {
  const [cursors, capabilities] = await Promise.all([
    getDb().then(syncCursors),
    getCapabilities(session),
  ]);
  return {
    running: syncRunning(),
    scheduleMinutes: env.CATALOGUE_SYNC_MINUTES,
    search: capabilities.Search,
    tenants: cursors.filter((c) => session.user.tenants.includes(c.tenant)).map(statusOf),
  };
}

// GET /api/admin/catalogue/sync – the sync's progress per tenant, its last run and its schedule
export const GET = apiRoute({ role: "admin" }, async (ctx) => {
  return Response.json(await status(ctx.session), { headers: noStore });
});

// POST /api/admin/catalogue/sync – starts a sync now (202), or joins the one under way; the page
// follows its progress with GET
export const POST = apiRoute({ role: "admin", audit: "catalogue.sync" }, async (ctx) => {
  ctx.audit.target = "catalogue";
  const before = await status(ctx.session);
  if (before.search.available === false) {
    throw new ApiError(
      "NOT_SUPPORTED",
      `The archive does not answer Search, so the sync cannot list what it keeps (${before.search.reason}). The catalogue still learns from every ingest and object page read through the dashboard.`,
    );
  }
  void startCatalogueSync();
  return Response.json({ ...before, running: true }, { status: 202, headers: noStore });
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET", "POST");
export { otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
