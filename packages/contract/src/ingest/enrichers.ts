// The `enrichers` header of the ingest API: which extra information a response carries.
import { z } from "zod";
import { ENRICHERS } from "./enricher-names";

export * from "./enricher-names";

export const Enricher = z.enum(ENRICHERS, {
  error: `enrichers may only name ${ENRICHERS.join(", ")}`,
});
export type Enricher = z.infer<typeof Enricher>;
