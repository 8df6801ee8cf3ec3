import "server-only";
// The ingest journal (the dashboard's `submissions` table): one row per SIP submitted through the
// dashboard, its last known status kept current whenever someone reads it.
import { and, eq, sql } from "drizzle-orm";
import type { DashboardDb } from "@/lib/db";
import { submissions } from "@/lib/db/schema";

export interface SubmissionEntry {
  tenant: string;
  packageId: string;
  submissionName: string;
  profile: string | null;
  user: { id: string; name: string };
  status: string | null;
  pluginReports?: unknown;
}

export interface SubmissionJournal {
  recordSubmission(entry: SubmissionEntry): Promise<void>;
  // Several in one statement (a batch's packages sent together, or their statuses read): a SIP
  // already journalled gets the status (and plugin reports, when given), one missing gets its row.
  recordSubmissions(entries: readonly SubmissionEntry[]): Promise<void>;
  recordStatus(
    key: { tenant: string; packageId: string; submissionName: string },
    status: string,
    pluginReports?: unknown,
  ): Promise<boolean>;
}

interface StatusEntry {
  key: { tenant: string; packageId: string; submissionName: string };
  status: string;
  pluginReports?: unknown;
}

type Writer = Pick<DashboardDb, "update">;

// Writes a SIP's status into its journal row; whether the row changed.
async function updateStatus(
  db: Writer,
  { key, status, pluginReports }: StatusEntry,
): Promise<boolean> {
  const set: Partial<typeof submissions.$inferInsert> = {
    lastStatus: status,
    lastStatusAt: new Date(),
  };
  if (pluginReports !== undefined) set.pluginOutcome = pluginReports;
  // Only rows the dashboard created: a SIP submitted elsewhere is not ours to journal. Pages
  // poll the status; an unchanged answer is not written again, but reports first seen for a
  // status already known (read before without the enricher) are.
  const changed =
    pluginReports === undefined
      ? sql`${submissions.lastStatus} is distinct from ${status}`
      : sql`(${submissions.lastStatus} is distinct from ${status} or ${submissions.pluginOutcome} is distinct from ${JSON.stringify(pluginReports)}::jsonb)`;
  const updated = await db
    .update(submissions)
    .set(set)
    .where(
      and(
        eq(submissions.tenant, key.tenant),
        eq(submissions.packageId, key.packageId),
        eq(submissions.submissionName, key.submissionName),
        changed,
      ),
    )
    .returning({ id: submissions.id });
  return updated.length > 0;
}

// A journal over one database (a promise, so the database opens on first use).
export function createSubmissionJournal(db: () => Promise<DashboardDb>): SubmissionJournal {
  const recordSubmissions = async (entries: readonly SubmissionEntry[]): Promise<void> => {
    if (entries.length === 0) return;
    const now = new Date();
    // One row per SIP: a statement may not update the same row twice.
    const unique = [
      ...new Map(
        entries.map((e) => [JSON.stringify([e.tenant, e.packageId, e.submissionName]), e]),
      ).values(),
    ];
    const rows = unique.map((entry) => ({
      tenant: entry.tenant,
      packageId: entry.packageId,
      submissionName: entry.submissionName,
      profile: entry.profile,
      userId: entry.user.id,
      userName: entry.user.name,
      lastStatus: entry.status,
      lastStatusAt: entry.status ? now : null,
      pluginOutcome: entry.pluginReports ?? null,
    }));
    // The archive names submissions; an answer seen twice (a retried request) is one row.
    const database = await db();
    await database
      .insert(submissions)
      .values(rows)
      .onConflictDoUpdate({
        target: [submissions.tenant, submissions.packageId, submissions.submissionName],
        set: {
          lastStatus: sql`excluded.last_status`,
          lastStatusAt: sql`excluded.last_status_at`,
          pluginOutcome: sql`coalesce(excluded.plugin_outcome, ${submissions.pluginOutcome})`,
        },
      });
  };

  return {
    async recordSubmission(entry) {
      await recordSubmissions([entry]);
    },

    recordSubmissions,

    async recordStatus(key, status, pluginReports) {
      return updateStatus(await db(), { key, status, pluginReports });
    },
  };
}
