// Runs once when a Next.js server starts, before it answers any request.
export async function register() {
  // lib/env is Node-only (server-only, process.env); the edge runtime never reads it.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { getEnv } = await import("./lib/env");
    // Throws an EnvError naming each bad variable, which stops `next start` before it serves.
    getEnv();
  }
}
