import "server-only";
// The ingest API as the dashboard's server uses it: the client the server container configures from
// the environment (lib/server/container.ts). Browser code imports the contract's schemas only.
export * from "./client";
export { getIngestClient } from "@/lib/server/container";
