import "server-only";
// The batch routes' path value: a batch id is a UUID; anything else names no batch.
import { ApiError } from "@/lib/api/errors";

export const BATCH_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const batchNotFound = () =>
  new ApiError("NOT_FOUND", "There is no such batch in this tenant. Open it from the batch list.");
