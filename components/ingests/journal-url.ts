// The journal page's filters as they sit in its URL (dates as the reader's calendar days) and as
// the /api/ingests route takes them (instants). Pure, so the day boundaries are testable.
import type { JournalQueryInput } from "@/lib/journal/submission-filters";

export interface JournalView {
  view: "all" | "review";
  status: string;
  outcome: string;
  user: string;
  profile: string;
  // YYYY-MM-DD in the reader's zone, or "".
  from: string;
  to: string;
  // A batch's id: only its packages.
  batch: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const BATCH = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The view from the page's search parameters; anything malformed falls back to "no filter".
export function journalViewFrom(params: URLSearchParams): JournalView {
  const text = (key: string) => params.get(key)?.trim() ?? "";
  const day = (key: string) => (DAY.test(text(key)) ? text(key) : "");
  const page = Number.parseInt(text("page"), 10);
  return {
    view: text("view") === "review" ? "review" : "all",
    status: text("status"),
    outcome: text("outcome"),
    user: text("user"),
    profile: text("profile"),
    from: day("from"),
    to: day("to"),
    batch: BATCH.test(text("batch")) ? text("batch") : "",
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

// Local midnight of a calendar day (start), or the last millisecond of it (end), as an instant.
export function dayBoundary(day: string, end: boolean): string | undefined {
  if (!DAY.test(day)) return undefined;
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const date = end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d, 0, 0, 0, 0);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

// The API query of a view.
export function apiQueryOf(view: JournalView): JournalQueryInput {
  return {
    view: view.view,
    page: view.page,
    ...(view.status ? { status: view.status } : {}),
    ...(view.outcome ? { outcome: view.outcome as JournalQueryInput["outcome"] } : {}),
    ...(view.user ? { user: view.user } : {}),
    ...(view.profile ? { profile: view.profile } : {}),
    ...(view.from ? { from: dayBoundary(view.from, false) } : {}),
    ...(view.to ? { to: dayBoundary(view.to, true) } : {}),
    ...(view.batch ? { batch: view.batch } : {}),
  };
}

// The page's search string for a view, empty values and defaults left out.
export function journalViewSearch(view: JournalView): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(view)) {
    if (value === "" || (key === "view" && value === "all") || (key === "page" && value === 1))
      continue;
    params.set(key, String(value));
  }
  return params.toString();
}

// Whether any filter narrows the list.
export function hasFilters(view: JournalView): boolean {
  return Boolean(
    view.status || view.outcome || view.user || view.profile || view.from || view.to || view.batch,
  );
}
