import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { JournalFilters } from "./journal-filters";
import { journalViewFrom } from "./journal-url";

function statusOptions(statuses: string[], url = ""): string[] {
  const html = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <JournalFilters
        view={journalViewFrom(new URLSearchParams(url))}
        facets={{ users: [], profiles: [], statuses }}
        isAdmin={false}
        profiles={{}}
        onChange={() => {}}
      />
    </QueryClientProvider>,
  );
  const select = /<select id="journal-status"[^>]*>(.*?)<\/select>/s.exec(html)?.[1] ?? "";
  return [...select.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((m) => m[1]!);
}

describe("the journal's status filter", () => {
  it("offers INGESTED and FAILED before any submission has reached them", () => {
    expect(statusOptions([])).toEqual(["Any status", "In progress", "INGESTED", "FAILED"]);
  });

  it("adds the statuses the rows hold, and the one the URL names, once each", () => {
    expect(statusOptions(["PROCESSING", "FAILED"], "status=QUEUED")).toEqual([
      "Any status",
      "In progress",
      "INGESTED",
      "FAILED",
      "PROCESSING",
      "QUEUED",
    ]);
  });
});
