// What the dashboard's tests, e2e specs, scripts and benchmarks use of the archive
// (`@scriptorium/archive/testing`): the archive in process or as a child process, bags, and the
// OIDC helpers that sign in through the real provider. Not an API of the running archive.
export { loadArchiveConfig, type ArchiveConfig } from "./config";
export { startArchive, type RunningArchive } from "./server";
export { createBag, type BagInputFile, type CreateBagOptions } from "./bagit/create-bag";
export { signInWithCode } from "./oidc/testing/code-flow";
export {
  startIdentityServer,
  type IdentityServer,
  type IdentityServerOptions,
} from "./oidc/testing/identity-server";
export {
  childToken,
  freePort,
  startChildArchive,
  type ChildArchive,
} from "../test/support/child-archive";
