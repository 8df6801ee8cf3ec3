// How many packages, and how many bytes, one request of POST /api/batches/[batchId]/packages may
// carry: the route refuses more, and the batch page fills a group to half the bytes, by estimate.
// No zod here: the page imports these with its first script.
export const GROUP_MAX_PACKAGES = 10;
export const GROUP_BODY_BYTES = 2 * 1024 * 1024;

// How many packages of a batch are with the archive at once (the page's default, and the turns
// the dashboard hands out, lib/batch/archive-turns.ts).
export const PACKAGES_AT_ONCE = 3;
