import "server-only";
// The preservation API as the dashboard's server uses it: the client the server container
// configures from the environment (lib/server/container.ts). Browser code imports the contract's
// schemas and result codes only.
export * from "./client";
export { getPreservationClient } from "@/lib/server/container";
