import "server-only";
// The operator's ingest profiles for the wizard's profile choice: the same file the embedded archive
// reads (ingest-profiles.json), found beside METADATA_SCHEMAS_DIR, as a configuration folder holds
// both (packages/contract/config by default). Plain JSON out, so a Server Component can hand it to
// the wizard.
import path from "node:path";
import {
  describeRetention,
  loadIngestProfiles,
} from "@scriptorium/contract/profiles/ingest-profiles";
import { env } from "@/lib/env";

export interface IngestProfileOption {
  id: string;
  title: string;
  description: string;
  // "7 years", "Permanent"
  retention: string;
  // Schema URIs allowed under the profile; absent: every registered schema.
  metadataSchemas?: string[];
}

// The profiles of the configuration folder (the embedded archive's demo profiles by default).
export function listIngestProfiles(
  configDir: string = path.dirname(path.resolve(env.METADATA_SCHEMAS_DIR)),
): IngestProfileOption[] {
  return loadIngestProfiles(configDir)
    .list()
    .map((p) => ({
      id: p.id,
      title: p.title,
      description: p.description,
      retention: describeRetention(p.retention),
      ...(p.metadataSchemas ? { metadataSchemas: p.metadataSchemas } : {}),
    }));
}
