// Where the demo may write: the embedded archive (the three upstream URLs at their defaults,
// possibly on another ARCHIVE_PORT) unless --allow-remote says another archive is meant.
import { ENV_DEFAULTS } from "@/lib/env";

const UPSTREAMS = ["PRESERVATION_API_URL", "INGEST_API_URL", "OIDC_ISSUER"] as const;
const trim = (url: string) => url.replace(/\/+$/, "");

export interface DemoPlan {
  embedded: boolean;
  // The upstream variables that point elsewhere.
  custom: string[];
  archivePort: number;
  dashboardPort: number;
  // Upstream URLs to set for an embedded archive on a port other than 4000.
  upstreamUrls: Record<string, string>;
}

// Reads the plan from the environment (after the .env files are loaded).
export function demoPlan(env: NodeJS.ProcessEnv): DemoPlan {
  const archivePort = Number(env.ARCHIVE_PORT || 4000);
  // The embedded archive's URL, at 4000 or at ARCHIVE_PORT (npm start sets that for the dashboard).
  const embeddedAt = (name: (typeof UPSTREAMS)[number]) => [
    ENV_DEFAULTS[name],
    ENV_DEFAULTS[name].replace(":4000", `:${archivePort}`),
  ];
  const custom = UPSTREAMS.filter(
    (name) => env[name] && !embeddedAt(name).includes(trim(env[name] as string)),
  );
  let dashboardPort = Number(env.PORT || 0);
  if (!dashboardPort) {
    const appUrl = env.APP_URL || ENV_DEFAULTS.APP_URL;
    dashboardPort = URL.canParse(appUrl) ? Number(new URL(appUrl).port || 80) : 3000;
  }
  const upstreamUrls: Record<string, string> =
    custom.length === 0 && archivePort !== 4000
      ? Object.fromEntries(UPSTREAMS.map((name) => [name, embeddedAt(name)[1] as string]))
      : {};
  return { embedded: custom.length === 0, custom, archivePort, dashboardPort, upstreamUrls };
}
