// An object's states in the holdings catalogue and their words. A plain module: the badges and
// filters in the browser need them, and the table definitions (drizzle) must stay on the server.

export const CATALOGUE_STATES = [
  "ingesting",
  "ingested",
  "failed",
  "deletion-requested",
  "deleted",
] as const;
export type CatalogueState = (typeof CATALOGUE_STATES)[number];

// Words for the states, as lists and badges show them.
export const STATE_LABEL: Record<CatalogueState, string> = {
  ingesting: "Ingesting",
  ingested: "Ingested",
  failed: "Failed",
  "deletion-requested": "Deletion requested",
  deleted: "Deleted",
};
