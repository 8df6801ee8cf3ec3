import type { NextConfig } from "next";
import { afterEach, describe, expect, it, vi } from "vitest";

// A plain-JS file without types: imported by URL and typed here.
const configUrl = new URL("../../next.config.js", import.meta.url).href;

// next.config.js reads NODE_ENV when it is loaded, as `next build` and `next start` load it.
async function headersFor(nodeEnv: string) {
  vi.stubEnv("NODE_ENV", nodeEnv);
  vi.resetModules();
  const { default: config } = (await import(/* @vite-ignore */ configUrl)) as {
    default: NextConfig;
  };
  const rules = await config.headers!();
  return rules;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("security headers from next.config.js", () => {
  it("apply to every path, API routes included, and leave the CSP to proxy.ts", async () => {
    const rules = await headersFor("production");
    expect(rules.map((rule) => rule.source)).toEqual(["/:path*"]);
    const headers = Object.fromEntries(rules[0]!.headers.map((h) => [h.key, h.value]));
    expect(headers).toMatchObject({
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Cross-Origin-Opener-Policy": "same-origin",
      "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
    });
    expect(headers["Permissions-Policy"]).toContain("camera=()");
    expect(headers).not.toHaveProperty("Content-Security-Policy");
  });

  it("pin https only in production", async () => {
    const rules = await headersFor("development");
    expect(rules[0]!.headers.map((h) => h.key)).not.toContain("Strict-Transport-Security");
  });
});
