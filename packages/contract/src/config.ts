// Where the shipped shared configuration lives: the ingest profiles (ingest-profiles.json) and the
// metadata schemas (metadata-schemas/*.schema.json) that the archive enforces and the dashboard's
// forms offer. The archive's ARCHIVE_CONFIG_DIR and the dashboard's METADATA_SCHEMAS_DIR point
// both sides at an operator's own folder instead.
import path from "node:path";
import { fileURLToPath } from "node:url";

export const SHARED_CONFIG_DIR = fileURLToPath(new URL("../config", import.meta.url));

export const SHARED_METADATA_SCHEMAS_DIR = path.join(SHARED_CONFIG_DIR, "metadata-schemas");
