// Every page and route handler of the dashboard, read from app/ so that a new route is fuzzed
// without anyone listing it: route groups dropped, [param] and [...param] kept as holes.
import { readdirSync } from "node:fs";
import path from "node:path";

export interface RouteTemplate {
  // "/objects/[poId]", "/api/auth/[...nextauth]"
  template: string;
  kind: "page" | "api";
  // The names of its holes, in order; `catchAll` for the last one when it is [...name].
  params: string[];
  catchAll: boolean;
}

function walk(dir: string, segments: string[], found: RouteTemplate[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      // Private folders (_components, _lib) are not routes; (group) folders add no segment.
      if (entry.name.startsWith("_")) continue;
      const grouped = /^\(.*\)$/.test(entry.name);
      walk(path.join(dir, entry.name), grouped ? segments : [...segments, entry.name], found);
    } else if (entry.name === "page.tsx" || entry.name === "route.ts") {
      const template = `/${segments.join("/")}`;
      const holes = segments.filter((s) => s.startsWith("["));
      found.push({
        template,
        kind: entry.name === "route.ts" ? "api" : "page",
        params: holes.map((s) => s.replace(/^\[(\.\.\.)?/, "").replace(/\]$/, "")),
        catchAll: holes.at(-1)?.startsWith("[...") ?? false,
      });
    }
  }
}

// The routes under `appDir` (the repository's app/), sorted by template.
export function listRoutes(appDir = path.resolve("app")): RouteTemplate[] {
  const found: RouteTemplate[] = [];
  walk(appDir, [], found);
  return found.sort((a, b) => a.template.localeCompare(b.template));
}

// The template with its holes filled by already-encoded path segments.
export function fillRoute(route: RouteTemplate, values: string[][]): string {
  let index = 0;
  return route.template.replace(/\[(\.\.\.)?[^\]]+\]/g, () => (values[index++] ?? ["x"]).join("/"));
}
