// Evidence renewal through the dashboard's own /api route (admins only on the server).
import type { RenewedVersion } from "@scriptorium/contract/preservation/extensions";
import type { RenewalMode } from "@scriptorium/contract/preservation/extensions";
import { sendJson } from "./api-client";

// POST /api/objects/[poId]/evidence/renew
export function renewEvidence(poId: string, mode: RenewalMode) {
  return sendJson<{ renewed: RenewedVersion[] }>(
    `/api/objects/${encodeURIComponent(poId)}/evidence/renew`,
    "POST",
    { mode },
  );
}
