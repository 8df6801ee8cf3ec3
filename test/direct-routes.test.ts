// Every route module that registers for the direct lane names its own folder under app/, so the
// lane answers exactly the addresses Next.js would route to that module; and the proxy routes
// (out of proxy.ts's matcher, answered by the archive) all take the lane.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const app = path.join(import.meta.dirname, "..", "app");

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

const routes = routeFiles(path.join(app, "api")).map((file) => ({
  folder: `/${path.relative(app, path.dirname(file)).split(path.sep).join("/")}`,
  source: readFileSync(file, "utf8"),
}));

describe("direct lane registrations", () => {
  it("name the folder of their own route module", () => {
    const registered = routes.filter((r) => r.source.includes("directLane("));
    expect(registered.length).toBeGreaterThan(0);
    for (const { folder, source } of registered) {
      expect(/directLane\("([^"]+)"/.exec(source)?.[1], folder).toBe(folder);
    }
  });

  it("cover every method the proxy routes serve", () => {
    for (const { folder, source } of routes) {
      if (!/^\/api\/(ingest|preservation)\//.test(folder)) continue;
      const served = [...source.matchAll(/^export const (GET|POST|PUT|DELETE) = apiRoute/gm)].map(
        (m) => m[1],
      );
      const lane = /directLane\("[^"]+", \{ ([^}]+) \}\)/.exec(source)?.[1]?.split(", ");
      expect(lane, folder).toEqual(served);
    }
  });
});
