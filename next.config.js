// @ts-check

/** @type {import("next").NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The embedded archive and server-only database drivers run in Node, never in the bundle.
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "oidc-provider"],
  typedRoutes: false,
};

export default nextConfig;
