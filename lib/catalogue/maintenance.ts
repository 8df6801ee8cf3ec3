import "server-only";
// PGlite runs no autovacuum: without a VACUUM the table's visibility map stays empty, so the
// holdings' index-only scans (deep pages, the keys of every page) read each row they pass, and
// without ANALYZE the planner has no statistics to choose between the search index and a sort's.
// The sync therefore ends each run on PGlite with both; PostgreSQL's autovacuum does it there.
import { sql } from "drizzle-orm";
import type { DashboardDb } from "@/lib/db";

export async function maintainCatalogue(db: DashboardDb): Promise<void> {
  // A table already vacuumed costs little: VACUUM skips the pages the visibility map marks.
  await db.execute(sql`vacuum (analyze) catalogue_objects`);
}
