// The ingest journal's address and answer without zod: the filters' special values, the search
// string of a query and the entries a page holds. The browser imports it from here;
// ./submission-filters adds the parsing (zod) and re-exports it.
import type { ObjectLabel } from "@/lib/catalogue/labels";
import type { PluginOutcome } from "@/lib/ingest/watch/plugin-reports";
import type { JournalQueryInput } from "./submission-filters";

export const JOURNAL_PAGE_SIZE = 25;

// The status filter's value for "not finished yet" (no status, or any but INGESTED and FAILED).
export const IN_PROGRESS = "in-progress";
// The plugin-outcome filter's value for "no plugin reports (yet)".
export const NO_OUTCOME = "none";

// The search string of a query, defaults left out so equal queries give equal strings.
export function journalSearch(query: JournalQueryInput): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === "" || value === null) continue;
    if ((key === "view" && value === "all") || (key === "page" && Number(value) === 1)) continue;
    params.set(key, String(value));
  }
  return params.toString();
}

export interface JournalEntry {
  packageId: string;
  // The package's title and state in the holdings catalogue, when it knows the package.
  title: string | null;
  objectState: ObjectLabel["state"] | null;
  submissionName: string;
  profile: string | null;
  user: { id: string; name: string };
  submittedAt: string;
  lastStatus: string | null;
  lastStatusAt: string | null;
  pluginOutcome: PluginOutcome | null;
  review: { at: string; by: string; note: string } | null;
}

export interface JournalPage {
  entries: JournalEntry[];
  total: number;
  page: number;
  pageSize: number;
  // Values the filters can offer, from the rows the caller may see.
  facets: { users: { id: string; name: string }[]; profiles: string[]; statuses: string[] };
}
