import "server-only";
// For routes that send DeletePO without the deletion requests (e.g. POST /api/preservation/DeletePO):
// with four-eyes approval on, a deletion must go through a request a second admin approves.
import { ApiError } from "@/lib/api/errors";
import { getDb, type DashboardDb } from "@/lib/db";
import { readFourEyes } from "./store";

export const FOUR_EYES_REFUSAL =
  "Deletions need a second administrator's approval: ask for the deletion on the object's page (POST /api/admin/deletions).";

// Throws FORBIDDEN when four-eyes approval is on; resolves otherwise.
export async function assertDirectDeletionAllowed(db?: DashboardDb): Promise<void> {
  if (await readFourEyes(db ?? (await getDb()))) throw new ApiError("FORBIDDEN", FOUR_EYES_REFUSAL);
}
