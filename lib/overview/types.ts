// The overview as the browser gets it from GET /api/overview: numbers from the dashboard's ingest
// journal and, for formats and storage, from the archive. Shared by the route and the page.
import type { ObjectLabel } from "@/lib/catalogue/labels";
import type { PluginOutcome } from "@/lib/ingest/watch/plugin-reports";

// How many days the journal figures cover, today included.
export const OVERVIEW_WINDOW_DAYS = 30;
// How many of the latest ingested packages the archive is asked about for formats and storage.
export const FORMAT_SAMPLE_SIZE = 50;

// One day of the ingests-per-day chart, in the reader's time zone.
export interface DayCount {
  // YYYY-MM-DD
  day: string;
  ingested: number;
  // INGESTED, but a plugin warned (e.g. a format it could not identify with certainty).
  warned: number;
  failed: number;
  inProgress: number;
}

// One bar of the time-to-final-status histogram.
export interface DurationBucket {
  label: string;
  // Upper bound in seconds; null for the last, open-ended bucket.
  upToSeconds: number | null;
  count: number;
}

export interface OutcomeTotals {
  submitted: number;
  ingested: number;
  // Of the ingested, how many carry a plugin WARNING.
  warned: number;
  failed: number;
  inProgress: number;
  // Of the ingested packages, how many have been deleted since (counted once per package).
  deleted: number;
}

export interface DurationSummary {
  // Submissions that reached INGESTED or FAILED in the window, with both times known.
  count: number;
  medianSeconds: number | null;
  p90Seconds: number | null;
  buckets: DurationBucket[];
}

export interface RecentSubmission {
  packageId: string;
  // The package's title and state in the holdings catalogue, when it knows the package.
  title: string | null;
  objectState: ObjectLabel["state"] | null;
  submissionName: string;
  profile: string | null;
  userName: string;
  submittedAt: string;
  lastStatus: string | null;
  pluginOutcome: PluginOutcome | null;
}

export interface FormatCount {
  formatName: string;
  puid: string | null;
  mimeType: string | null;
  files: number;
  bytes: number;
}

// What the archive said about the sampled packages' latest ingested versions.
export type FormatSample =
  | {
      ok: true;
      // Packages asked about, and how many of them answered.
      packages: number;
      read: number;
      // Packages the archive no longer has (deleted) and those it could not answer for.
      gone: number;
      unreadable: number;
      files: number;
      bytes: number;
      formats: FormatCount[];
      // When the archive was asked (answers are reused for a minute).
      readAt: string;
    }
  | { ok: false; message: string };

export interface Overview {
  tenant: string;
  // "tenant": everyone's submissions (admins); "own": the reader's own (archivists).
  scope: "tenant" | "own";
  timeZone: string;
  windowDays: number;
  // Submissions the reader can see in the journal at all, whatever their date.
  journalTotal: number;
  days: DayCount[];
  outcomes: OutcomeTotals;
  durations: DurationSummary;
  recent: RecentSubmission[];
  // Finished submissions nobody has reviewed yet; null for archivists (admins work the queue).
  reviewQueue: number | null;
  formats: FormatSample;
  // Whether the dashboard runs against the embedded archive (the demo data can be loaded).
  embeddedArchive: boolean;
}
