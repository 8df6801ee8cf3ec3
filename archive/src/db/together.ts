// Several data-changing statements sent as one: each becomes a WITH query of a single statement,
// which PostgreSQL runs exactly once and to completion whether or not anything reads it. On
// PGlite, which runs one statement at a time on the archive's own thread, every statement costs
// its protocol round trip, parsing and planning, and holds the transaction open meanwhile (on
// PostgreSQL, a network round trip). Recording an accepted SIP went from seven statements (with
// BEGIN and COMMIT) to four, and an ingested one from eleven to four.
//
// The statements share one snapshot: none may read what another writes, and no two may change the
// same table's same rows. Foreign keys and constraints are checked at the end of the whole
// statement, as they would be at the end of each.
import { sql, type SQLWrapper } from "drizzle-orm";
import type { ArchiveDb } from "./client";

// `statements` (drizzle inserts, updates and deletes, not yet awaited; nulls skipped) as WITH
// queries for a main query whose rows drizzle maps: `db.with(...asWith(db, [...])).insert(...)
// .returning()`.
export function asWith(db: Pick<ArchiveDb, "$with">, statements: readonly (SQLWrapper | null)[]) {
  return statements
    .filter((s): s is SQLWrapper => s !== null)
    .map((statement, i) => db.$with(`s${i}`, {}).as(statement.getSQL()));
}

// Runs `statements` (drizzle inserts, updates and deletes, not yet awaited) as one statement;
// null entries are skipped.
export async function runTogether(
  db: Pick<ArchiveDb, "execute">,
  statements: readonly (SQLWrapper | null)[],
): Promise<void> {
  const present = statements.filter((s): s is SQLWrapper => s !== null);
  if (present.length === 0) return;
  if (present.length === 1) {
    await db.execute(present[0]!.getSQL());
    return;
  }
  const parts = present.map((statement, i) => sql`${sql.raw(`s${i}`)} as ${statement}`);
  await db.execute(sql`with ${sql.join(parts, sql`, `)} select 1`);
}
