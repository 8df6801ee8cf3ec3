// Runs once when a Next.js server starts, before it answers any request.
export async function register() {
  // lib/env is Node-only (server-only, process.env); the edge runtime never reads it.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { checkEnvAtStartup, env } = await import("./lib/env");
    // Exits with a sentence naming each bad variable, so `next start` never serves with bad config.
    checkEnvAtStartup();
    // Refuses, with a 4xx, the requests Next.js itself would answer with a 500, and sends a page
    // asked for at 127.0.0.1 to localhost when that is the dashboard's address (lib/security/front-door.ts);
    // answers the proxy routes of a known session without Next.js's router (lib/server/direct-lane.ts)
    // and the build's scripts from their brotli copies (lib/server/static-lane.ts).
    const [
      { Server },
      { join },
      { installFrontDoor },
      { answerInDirectLane },
      { createStaticLane },
    ] = await Promise.all([
      import("node:http"),
      import("node:path"),
      import("./lib/security/front-door"),
      import("./lib/server/direct-lane"),
      import("./lib/server/static-lane"),
    ]);
    const staticLane =
      process.env.NODE_ENV === "production"
        ? createStaticLane(join(process.cwd(), ".next", "static"))
        : () => false;
    installFrontDoor(
      Server,
      (request, response) => staticLane(request, response) || answerInDirectLane(request, response),
      env.APP_URL,
    );
    // The holdings catalogue learns what other systems archived (lib/catalogue/sync.ts).
    const { scheduleCatalogueSync } = await import("./lib/catalogue/sync-service");
    scheduleCatalogueSync();
  }
}
