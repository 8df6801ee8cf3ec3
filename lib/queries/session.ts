// Calls about the signed-in session, through the dashboard's /api/session routes.
import { sendJson } from "./api-client";

// POST /api/session/tenant – work in another of the user's tenants from now on
export function chooseTenant(tenant: string): Promise<{ tenant: string }> {
  return sendJson<{ tenant: string }>("/api/session/tenant", "POST", { tenant });
}
