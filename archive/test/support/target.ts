// The archive under test and the identities the suite uses, from the environment with the
// embedded archive's demo defaults:
//   ARCHIVE_BASE_URL        archive origin (else the embedded one started by global-setup.ts)
//   ARCHIVE_TOKEN_URL       token endpoint (default ${base}/oidc/token)
//   ARCHIVE_CLIENT_ID/_SECRET              a client acting in tenant A (demo-archivist)
//   ARCHIVE_OTHER_CLIENT_ID/_SECRET        a client that may act in tenant B (demo-admin)
//   ARCHIVE_TENANT_A / ARCHIVE_TENANT_B    tenant names (demo, research)
//   ARCHIVE_TENANT_HEADER                  tenant header (X-Vendor-Repository)
//   ARCHIVE_INGEST_PROFILE / _OTHER_…      two ingest profiles (default, research-data)
//   ARCHIVE_METADATA_SCHEMA                a schema whose records need a string "title" (Dublin Core)
import { inject } from "vitest";

export interface ArchiveTarget {
  baseUrl: string;
  embedded: boolean;
  backend: string;
  dataDir?: string;
}

export interface ClientCredentials {
  id: string;
  secret: string;
}

const env = (name: string, fallback: string) => process.env[name] || fallback;

export function archiveTarget(): ArchiveTarget {
  return inject("archive");
}

// Whether this run of the suite runs the tests of child archives (support/child-archive.ts). A
// child runs on PGlite in a data folder of its own whatever backend the suite's archive uses, so in
// the suite's PostgreSQL run those tests would repeat the PGlite run's exactly: they run once, in
// the PGlite run, and never against another archive (ARCHIVE_BASE_URL), which a test cannot kill.
export function childArchivesRunHere(): boolean {
  const target = archiveTarget();
  return target.embedded && target.backend !== "postgres";
}

export const suite = {
  get baseUrl() {
    return archiveTarget().baseUrl;
  },
  get tokenUrl() {
    return env("ARCHIVE_TOKEN_URL", `${archiveTarget().baseUrl}/oidc/token`);
  },
  clientA: {
    id: env("ARCHIVE_CLIENT_ID", "demo-archivist"),
    secret: env("ARCHIVE_CLIENT_SECRET", "demo-archivist-secret"),
  },
  clientB: {
    id: env("ARCHIVE_OTHER_CLIENT_ID", "demo-admin"),
    secret: env("ARCHIVE_OTHER_CLIENT_SECRET", "demo-admin-secret"),
  },
  tenantA: env("ARCHIVE_TENANT_A", "demo"),
  tenantB: env("ARCHIVE_TENANT_B", "research"),
  tenantHeader: env("ARCHIVE_TENANT_HEADER", "X-Vendor-Repository"),
  profile: env("ARCHIVE_INGEST_PROFILE", "default"),
  // Another profile, usable in tenant B and accepting the metadata schema below.
  otherProfile: env("ARCHIVE_OTHER_INGEST_PROFILE", "research-data"),
  schema: env("ARCHIVE_METADATA_SCHEMA", "http://purl.org/dc/elements/1.1/"),
};
