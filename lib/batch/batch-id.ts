import "server-only";
// The batch routes' path value: a batch id is a UUID; anything else names no batch.
import { ApiError } from "@/lib/api/errors";

export { UUID as BATCH_ID } from "@/lib/db/uuid";

export const batchNotFound = () =>
  new ApiError("NOT_FOUND", "There is no such batch in this tenant. Open it from the batch list.");
