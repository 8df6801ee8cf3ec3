import "server-only";
// Puts the overview together for one reader: the journal's figures, and formats and storage of
// the latest ingested packages as the archive reports them (each package's answer kept a minute).
import { and, desc, eq } from "drizzle-orm";
import { toApiError } from "@/lib/api/errors";
import type { DashboardDb } from "@/lib/db";
import { submissions } from "@/lib/db/schema";
import type { IngestClient } from "@/lib/ingest/client";
import { JournalQuery } from "@/lib/journal/submission-filters";
import { journalConditions, type JournalViewer } from "@/lib/journal/submissions";
import { getOverviewReads } from "@/lib/server/container";
import { representationsOf } from "./formats";
import {
  latestPerPackage,
  sampleFormats,
  type PackageRead,
  type PackageRef,
} from "./format-sample";
import { journalStats } from "./journal-stats";
import { FORMAT_SAMPLE_SIZE, OVERVIEW_WINDOW_DAYS, type Overview } from "./types";

export const FORMAT_CACHE_MS = 60_000;

// The reads are kept for the whole process by the server container.
const readCache = () => getOverviewReads(FORMAT_CACHE_MS);

export interface OverviewDeps {
  db: DashboardDb;
  viewer: JournalViewer;
  ingest: IngestClient;
  // The upstream token for the reader (asked for only when a package is not cached).
  upstreamToken(): Promise<string>;
  embeddedArchive: boolean;
}

// The packages whose latest ingested version the sample reads, newest first.
async function sampleRefs(db: DashboardDb, viewer: JournalViewer): Promise<PackageRef[]> {
  const rows = await db
    .select({ packageId: submissions.packageId, submissionName: submissions.submissionName })
    .from(submissions)
    .where(
      and(
        ...journalConditions(viewer, JournalQuery.parse({})),
        eq(submissions.lastStatus, "INGESTED"),
      ),
    )
    .orderBy(desc(submissions.submittedAt), desc(submissions.id))
    // Several versions of one package count once: read enough rows to find 50 packages.
    .limit(FORMAT_SAMPLE_SIZE * 10);
  return latestPerPackage(rows, FORMAT_SAMPLE_SIZE);
}

// The overview for one reader; `timeZone` must already be a safe IANA name.
export async function buildOverview(
  deps: OverviewDeps,
  options: { timeZone: string; now?: Date },
): Promise<Overview> {
  const { viewer } = deps;
  let token: Promise<string> | undefined;
  const read = (ref: PackageRef): Promise<PackageRead> =>
    readCache()
      .get(`${viewer.tenant}\u0000${ref.packageId}\u0000${ref.submissionName}`, async () => {
        token ??= deps.upstreamToken();
        try {
          const answer = await deps.ingest.sipStatus(
            { token: await token, tenant: viewer.tenant, enrichers: ["representations"] },
            ref.packageId,
            ref.submissionName,
          );
          return { kind: "files", files: representationsOf(answer.body.representations) };
        } catch (error) {
          // A deleted package is an answer worth keeping; anything else is asked again next time.
          if (toApiError(error).code === "NOT_FOUND") return { kind: "gone" };
          throw error;
        }
      })
      .catch((error: unknown) => ({ kind: "failed", message: toApiError(error).message }));

  const [stats, refs] = await Promise.all([
    journalStats(deps.db, viewer, {
      timeZone: options.timeZone,
      windowDays: OVERVIEW_WINDOW_DAYS,
      ...(options.now ? { now: options.now } : {}),
    }),
    sampleRefs(deps.db, viewer),
  ]);
  const formats = await sampleFormats(refs, read, options.now ? { now: options.now } : {});
  return {
    tenant: viewer.tenant,
    scope: viewer.isAdmin ? "tenant" : "own",
    timeZone: options.timeZone,
    windowDays: OVERVIEW_WINDOW_DAYS,
    ...stats,
    formats,
    embeddedArchive: deps.embeddedArchive,
  };
}
