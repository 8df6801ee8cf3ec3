import "server-only";
// The dashboard database for the running server, opened once per process by the server
// container (lib/server/container.ts).
export { getDb } from "@/lib/server/container";
export type { DashboardDb } from "./client";
