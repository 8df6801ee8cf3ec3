// React Query options for the archive's fixity report and evidence renewal, through the dashboard's
// own /api routes (admins only on the server).
import { queryOptions } from "@tanstack/react-query";
import type { FixityReport, RenewedVersion } from "@scriptorium/contract/preservation/extensions";
import type { RenewalMode } from "@scriptorium/contract/preservation/extensions";
import { getJson, sendJson } from "./api-client";

export type FixityAnswer =
  { available: true; report: FixityReport } | { available: false; reason: string };

// GET /api/admin/fixity
export function fixityReportOptions() {
  return queryOptions({
    queryKey: ["admin", "fixity"],
    queryFn: ({ signal }) => getJson<FixityAnswer>("/api/admin/fixity", { signal }),
    staleTime: 0,
  });
}

// POST /api/objects/[poId]/evidence/renew
export function renewEvidence(poId: string, mode: RenewalMode) {
  return sendJson<{ renewed: RenewedVersion[] }>(
    `/api/objects/${encodeURIComponent(poId)}/evidence/renew`,
    "POST",
    { mode },
  );
}
