// What `npm start` / `npm run dev` run, decided from the environment (after .env files).
import path from "node:path";

// The embedded archive's addresses; lib/env.ts holds the same defaults for the dashboard.
export const EMBEDDED = {
  PRESERVATION_API_URL: "http://localhost:4000/preservation",
  INGEST_API_URL: "http://localhost:4000/ingest",
  OIDC_ISSUER: "http://localhost:4000/oidc",
};

const trim = (url) => url.replace(/\/+$/, "");

// Reads the start plan: ports, whether the embedded archive runs, where the data lives.
export function startPlan(env) {
  // Without APP_URL the dashboard is where it listens: PORT alone moves the whole address (sign-in
  // callbacks and the same-origin checks included), not only the listening socket.
  const appUrl = trim(env.APP_URL || `http://localhost:${env.PORT || 3000}`);
  let appPort = 3000;
  try {
    const url = new URL(appUrl);
    if (url.port) appPort = Number(url.port);
  } catch {
    // lib/env.ts reports a bad APP_URL with its own sentence when the dashboard starts.
  }
  const custom = Object.entries(EMBEDDED).filter(
    ([name, value]) => env[name] && trim(env[name]) !== value,
  );
  return {
    appUrl,
    dashboardPort: Number(env.PORT || appPort),
    archivePort: Number(env.ARCHIVE_PORT || 4000),
    // Any upstream pointed elsewhere means a real archive: the dashboard runs alone.
    embedded: custom.length === 0,
    customUpstreams: custom.map(([name]) => name),
    dataDir: path.resolve(env.DASHBOARD_DATA_DIR || ".data/dashboard"),
  };
}

// The upstream URLs of an embedded archive listening on `port`.
export function embeddedUrls(port) {
  return Object.fromEntries(
    Object.entries(EMBEDDED).map(([name, value]) => [name, value.replace(":4000", `:${port}`)]),
  );
}
