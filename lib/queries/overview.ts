// React Query options for the overview page, and the tour's one change. Browser code: it only
// knows the dashboard's /api routes.
import { queryOptions } from "@tanstack/react-query";
import type { Overview } from "@/lib/overview/types";
import { getJson, sendJson } from "./api-client";

// The overview's figures, counted by days in the reader's time zone. The server answers for the
// session's tenant; naming it in the key keeps one tenant's figures from showing after a switch.
export function overviewOptions(tenant: string, timeZone: string) {
  return queryOptions({
    queryKey: ["overview", tenant, timeZone],
    queryFn: ({ signal }) =>
      getJson<Overview>(`/api/overview?tz=${encodeURIComponent(timeZone)}`, { signal }),
    // The archive's part is cached a minute on the server; asking more often gains nothing.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

// PUT /api/overview/tour – the tour was finished or dismissed (true), or should be offered again.
// keepalive: the choice is often the last thing done before leaving the page ("Open Ingest").
export function saveTourDismissed(dismissed: boolean): Promise<{ dismissed: boolean }> {
  return sendJson("/api/overview/tour", "PUT", { dismissed }, { keepalive: true });
}
