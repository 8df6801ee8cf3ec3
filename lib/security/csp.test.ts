import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce, originOf } from "./csp";

const base = {
  nonce: "abc123==",
  uploadOrigins: ["http://localhost:4000"],
  formOrigins: ["http://localhost:4000"],
  dev: false,
  https: false,
};

function directives(policy: string): Map<string, string> {
  return new Map(
    policy.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
}

describe("the content security policy", () => {
  it("runs only scripts carrying this response's nonce, and what they load", () => {
    const csp = directives(contentSecurityPolicy(base));
    expect(csp.get("script-src")).toBe("'self' 'nonce-abc123==' 'strict-dynamic'");
    expect(csp.get("object-src")).toBe("'none'");
    expect(csp.get("base-uri")).toBe("'none'");
    expect(csp.get("frame-ancestors")).toBe("'none'");
    expect(csp.get("img-src")).toBe("'self' data: blob:");
  });

  it("lets the browser connect to itself and the upload origin only", () => {
    const csp = directives(contentSecurityPolicy(base));
    expect(csp.get("connect-src")).toBe("'self' http://localhost:4000");
    expect(csp.get("default-src")).toBe("'self'");
  });

  it("adds eval and the hot-reload socket only in development", () => {
    const dev = directives(contentSecurityPolicy({ ...base, dev: true }));
    expect(dev.get("script-src")).toContain("'unsafe-eval'");
    expect(dev.get("connect-src")).toContain("ws:");
    expect(contentSecurityPolicy(base)).not.toContain("unsafe-eval");
  });

  it("upgrades insecure requests only on an https dashboard", () => {
    expect(
      directives(contentSecurityPolicy({ ...base, https: true })).has("upgrade-insecure-requests"),
    ).toBe(true);
    expect(directives(contentSecurityPolicy(base)).has("upgrade-insecure-requests")).toBe(false);
  });

  it("lists an origin once even when uploads and sign-in share it", () => {
    const csp = contentSecurityPolicy({
      ...base,
      formOrigins: ["http://localhost:4000", "http://localhost:4000"],
    });
    expect(directives(csp).get("form-action")).toBe("'self' http://localhost:4000");
  });
});

describe("nonces and origins", () => {
  it("makes a different 128-bit nonce each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });

  it("takes the origin of an http(s) URL only", () => {
    expect(originOf("https://archive.example:8443/ingest/v1")).toBe("https://archive.example:8443");
    expect(originOf("javascript:alert(1)")).toBeNull();
    expect(originOf("not a url")).toBeNull();
  });
});
