// @ts-check

const production = process.env.NODE_ENV === "production";

// Security headers on every response, pages and API routes alike. The Content-Security-Policy is
// not here: it carries a per-response nonce, so proxy.ts sets it on pages.
const securityHeaders = [
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  {
    key: "Permissions-Policy",
    value:
      "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()",
  },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  // Production only: a developer's http://localhost must not be pinned to https.
  ...(production
    ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }]
    : []),
];

/** @type {import("next").NextConfig} */
const nextConfig = {
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
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // For browsers without CSP frame-ancestors. Not on an object's content: the object page frames
      // its PDFs, and that route sets its own framing headers (SAMEORIGIN, or a sandbox).
      {
        source: "/((?!api/objects/[^/]+/content).*)",
        headers: [{ key: "X-Frame-Options", value: "DENY" }],
      },
    ];
  },
};

export default nextConfig;
