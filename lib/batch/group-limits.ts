// How many packages, and how many bytes, one request of POST /api/batches/[batchId]/packages may
// carry: the route refuses more, and the batch page fills a group to half the bytes, by estimate.
// No zod here: the page imports these with its first script.
export const GROUP_MAX_PACKAGES = 10;
export const GROUP_BODY_BYTES = 2 * 1024 * 1024;
