import path from "node:path";
import type { NextConfig } from "next";
import { precompressStatic } from "./lib/server/precompress";
import { FRAME_HEADERS, securityHeaders } from "./lib/security/response-headers";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The database drivers run in Node, never in the bundle.
  serverExternalPackages: ["@electric-sql/pglite", "postgres"],
  // The contract workspace ships TypeScript sources, compiled with the dashboard's own.
  transpilePackages: ["@scriptorium/contract"],
  typedRoutes: false,
  // The build type-checks what the dashboard runs; tests, e2e specs and scripts, which may use the
  // embedded archive, are checked by `npm run typecheck`. So the dashboard builds without archive/.
  typescript: { tsconfigPath: "tsconfig.build.json" },
  compiler: {
    // Brotli copies of the client's scripts and styles for the static lane (lib/server/static-lane.ts).
    async runAfterProductionCompile({ distDir }) {
      const { files, bytes, brotliBytes } = await precompressStatic(path.join(distDir, "static"));
      const kib = (n: number) => `${Math.round(n / 1024)} KiB`;
      console.log(
        `   brotli copies of ${files} static files: ${kib(bytes)} as ${kib(brotliBytes)}`,
      );
    },
  },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders() },
      // Not on an object's content: that route sets its own framing headers (SAMEORIGIN, or a sandbox).
      { source: "/((?!api/objects/[^/]+/content).*)", headers: FRAME_HEADERS },
    ];
  },
};

export default nextConfig;
