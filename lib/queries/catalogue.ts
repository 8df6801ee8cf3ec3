// React Query options for what the holdings catalogue tells the browser: titles and states of
// objects a list only knows by id (the archive's Search answers ids alone).
import { queryOptions } from "@tanstack/react-query";
import { couldBeObjectId, type ObjectLabel } from "@/lib/catalogue/labels";
import type { CatalogueSyncStatus } from "@/lib/catalogue/sync-status";
import { getJson, sendJson } from "./api-client";

// The catalogue's title and state of each of `ids` in the session's tenant (unknown ids are absent).
// A Map: ids are anyone's text, and a package named "toString" must not find an object's method.
export function objectLabelsOptions(ids: readonly string[]) {
  const asked = ids.filter(couldBeObjectId).slice(0, 500);
  return queryOptions({
    queryKey: ["catalogue", "labels", asked],
    queryFn: ({ signal }) =>
      sendJson<{ labels: Record<string, ObjectLabel> }>(
        "/api/catalogue/titles",
        "POST",
        { ids: asked },
        { signal },
      ).then((answer) => new Map(Object.entries(answer.labels))),
    enabled: asked.length > 0,
    staleTime: 30_000,
  });
}

// The sync's progress and last run (admin-only on the server); polled while a run is under way.
export function catalogueSyncOptions() {
  return queryOptions({
    queryKey: ["admin", "catalogue-sync"],
    queryFn: ({ signal }) => getJson<CatalogueSyncStatus>("/api/admin/catalogue/sync", { signal }),
    refetchInterval: (query) => (query.state.data?.running ? 1_000 : false),
  });
}

// Starts a sync now (or joins the one under way).
export function startCatalogueSync(): Promise<CatalogueSyncStatus> {
  return sendJson<CatalogueSyncStatus>("/api/admin/catalogue/sync", "POST", {});
}
