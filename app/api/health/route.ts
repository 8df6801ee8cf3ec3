import packageJson from "@/package.json";

// Always answered live: a cached "ok" would hide a server that has stopped.
export const dynamic = "force-dynamic";

// GET /api/health – liveness for load balancers, start scripts and Playwright's webServer
export function GET() {
  return Response.json(
    { status: "ok", version: packageJson.version },
    { headers: { "Cache-Control": "no-store" } },
  );
}
