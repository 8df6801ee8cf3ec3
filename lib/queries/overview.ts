// React Query options for the overview page, and the tour's one change. Browser code: it only
// knows the dashboard's /api routes.
import { queryOptions } from "@tanstack/react-query";
import type { Overview } from "@/lib/overview/types";
import { readApiAnswer } from "./preservation";

// The overview's figures, counted by days in the reader's time zone. The server answers for the
// session's tenant; naming it in the key keeps one tenant's figures from showing after a switch.
export function overviewOptions(tenant: string, timeZone: string) {
  return queryOptions({
    queryKey: ["overview", tenant, timeZone],
    queryFn: async ({ signal }) =>
      readApiAnswer<Overview>(
        await fetch(`/api/overview?tz=${encodeURIComponent(timeZone)}`, {
          headers: { Accept: "application/json" },
          signal,
        }),
      ),
    // The archive's part is cached a minute on the server; asking more often gains nothing.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

// PUT /api/overview/tour – the tour was finished or dismissed (true), or should be offered again.
// keepalive: the choice is often the last thing done before leaving the page ("Open Ingest").
export async function saveTourDismissed(dismissed: boolean): Promise<{ dismissed: boolean }> {
  const response = await fetch("/api/overview/tour", {
    method: "PUT",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ dismissed }),
    keepalive: true,
  });
  return readApiAnswer<{ dismissed: boolean }>(response);
}
