import type { NextConfig } from "next";
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { afterEach, describe, expect, it, vi } from "vitest";

// The configuration reads NODE_ENV when Next.js asks it for headers, at build and start.
async function headersFor(nodeEnv: string) {
  vi.stubEnv("NODE_ENV", nodeEnv);
  vi.resetModules();
  const { default: config } = (await import("../../next.config")) as { default: NextConfig };
  const rules = await config.headers!();
  return rules;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

// The headers a response to `pathname` gets, matched the way Next matches header sources; a later
// rule wins for the same key, as in Next.
async function headersAt(pathname: string, nodeEnv = "production") {
  const rules = await headersFor(nodeEnv);
  const applied: Record<string, string> = {};
  for (const rule of rules) {
    if (getPathMatch(rule.source)(pathname) === false) continue;
    for (const { key, value } of rule.headers) applied[key] = value;
  }
  return applied;
}

describe("security headers from next.config.ts", () => {
  it("apply to pages and API routes alike, and leave the CSP to proxy.ts", async () => {
    for (const pathname of [
      "/",
      "/objects/abc",
      "/api/ingest/document",
      "/api/preservation/RetrievePO",
    ]) {
      const headers = await headersAt(pathname);
      expect(headers).toMatchObject({
        "Referrer-Policy": "strict-origin-when-cross-origin",
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "DENY",
        "Cross-Origin-Opener-Policy": "same-origin",
        "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
      });
      expect(headers["Permissions-Policy"]).toContain("camera=()");
      expect(headers).not.toHaveProperty("Content-Security-Policy");
    }
  });

  it("leave framing of an object's content to its route, which lets the object page frame a PDF", async () => {
    const headers = await headersAt("/api/objects/po-1/content");
    expect(headers).not.toHaveProperty("X-Frame-Options");
    expect(headers).toHaveProperty("X-Content-Type-Options", "nosniff");
    expect(await headersAt("/api/objects/po-1/evidence")).toHaveProperty("X-Frame-Options", "DENY");
  });

  it("pin https only in production", async () => {
    expect(await headersAt("/", "development")).not.toHaveProperty("Strict-Transport-Security");
  });
});
