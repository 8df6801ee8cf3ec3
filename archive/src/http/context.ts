// What every API handler of the archive knows about its request.
import type { ArchiveConfig } from "../config";
import type { ArchiveDb } from "../db/client";

// The authenticated caller, from a verified access token and the tenant header.
export interface Caller {
  // Subject of the token: a user id, or the client id for the client-credentials grant.
  sub: string;
  name: string;
  clientId: string;
  roles: string[];
  tenants: string[];
  // The tenant this request acts in: the header's choice, else the token's default tenant.
  tenant: string;
}

export type ArchiveEnv = {
  Variables: {
    caller: Caller;
    db: ArchiveDb;
    config: ArchiveConfig;
  };
};
