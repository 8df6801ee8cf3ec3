import packageJson from "@/package.json";
import { otherMethods } from "@/lib/api/other-methods";

// Always answered live: a cached "ok" would hide a server that has stopped.
export const dynamic = "force-dynamic";

// GET /api/health – liveness for load balancers, start scripts and Playwright's webServer
export function GET() {
  return Response.json(
    { status: "ok", version: packageJson.version },
    { headers: { "Cache-Control": "no-store" } },
  );
}

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET");
export { otherMethod as POST, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
