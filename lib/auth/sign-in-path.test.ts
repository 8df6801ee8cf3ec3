import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeCallbackPath, signInPath } from "./sign-in-path";

// Where a browser on this site would go with `location` as a redirect's Location header.
function resolvedByBrowser(location: string): URL {
  return new URL(location, "https://scriptorium.example");
}

describe("safeCallbackPath", () => {
  it("keeps paths on this site and drops anything that could leave it", () => {
    expect(safeCallbackPath("/objects?q=1")).toBe("/objects?q=1");
    expect(safeCallbackPath("/objects/po-1?version=2#files")).toBe("/objects/po-1?version=2#files");
    expect(safeCallbackPath("https://evil.example/")).toBeUndefined();
    expect(safeCallbackPath("//evil.example/")).toBeUndefined();
    expect(safeCallbackPath("/\\evil.example/")).toBeUndefined();
    expect(safeCallbackPath("objects")).toBeUndefined();
    expect(safeCallbackPath(null)).toBeUndefined();
  });

  it("refuses control characters, which browsers drop or Node refuses in a header", () => {
    for (const control of ["\t", "\r", "\n", "\u000b", "\u000c", "\u0000", "\u007f"]) {
      expect(safeCallbackPath(`/${control}/evil.example/x`)).toBeUndefined();
      expect(safeCallbackPath(`/objects${control}`)).toBeUndefined();
    }
  });

  it("refuses paths that resolve to another host once normalised", () => {
    for (const attack of [
      "/\\/evil.example/x",
      "/\\\\evil.example",
      "\\/evil.example",
      "/.//evil.example/x",
      "/..//evil.example",
      "/a/..//evil.example",
      "/%2e//evil.example",
      "/%2E%2E//evil.example",
      "/.\\\\evil.example",
      "/./\\evil.example",
      "http:/evil.example",
      "javascript:alert(1)",
    ]) {
      expect(safeCallbackPath(attack), attack).toBeUndefined();
    }
  });

  it("refuses paths whose percent-escapes do not decode", () => {
    for (const path of ["/%ff/evil.example", "/objects/%", "/objects/%zz", "/%c3%28"]) {
      expect(safeCallbackPath(path), path).toBeUndefined();
    }
    expect(safeCallbackPath("/objects?q=%ff")).toBe("/objects?q=%ff");
  });

  it("keeps encoded look-alikes as the harmless paths they are", () => {
    // Still percent-encoded, so a browser stays on this site and asks for an odd path.
    expect(safeCallbackPath("/%09/evil.example/x")).toBe("/%09/evil.example/x");
    expect(safeCallbackPath("/%2F/evil.example")).toBe("/%2F/evil.example");
    expect(safeCallbackPath("/%5C/evil.example")).toBe("/%5C/evil.example");
  });

  it("percent-encodes text a header cannot carry", () => {
    expect(safeCallbackPath("/objects/Überweisung")).toBe("/objects/%C3%9Cberweisung");
    expect(safeCallbackPath("/objects?q=東京 2")).toBe("/objects?q=%E6%9D%B1%E4%BA%AC%202");
    expect(safeCallbackPath("/objects/\u2028")).toBe("/objects/%E2%80%A8");
    expect(safeCallbackPath("/objects/\ud800")).toBe("/objects/%EF%BF%BD");
  });

  it("returns, for any text, nothing or printable ASCII that stays on the site", () => {
    const candidates = fc.oneof(
      fc.string({ unit: "binary" }),
      fc
        .array(
          fc.constantFrom(
            "/",
            "\\",
            ".",
            "%2e",
            "%2f",
            "%5c",
            "\t",
            "?",
            "#",
            "evil.example",
            "ü",
            ":",
          ),
        )
        .map((parts) => `/${parts.join("")}`),
    );
    fc.assert(
      fc.property(candidates, (value) => {
        const path = safeCallbackPath(value);
        if (path === undefined) return;
        expect(path).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
        expect(resolvedByBrowser(path).origin).toBe("https://scriptorium.example");
      }),
      { numRuns: 2000 },
    );
  });
});

describe("signInPath", () => {
  it("returns to the page asked for, and says when a session ended", () => {
    expect(signInPath("/objects?q=a b")).toBe("/sign-in?callbackUrl=%2Fobjects%3Fq%3Da%2520b");
    expect(signInPath("/ingests", "ended")).toBe("/sign-in?callbackUrl=%2Fingests&reason=ended");
  });

  it("never loops back to the sign-in page or leaves the site", () => {
    expect(signInPath("/sign-in?callbackUrl=%2Fx")).toBe("/sign-in");
    expect(signInPath("//evil.example")).toBe("/sign-in");
    expect(signInPath("/.//evil.example")).toBe("/sign-in");
    expect(signInPath("/")).toBe("/sign-in");
    expect(signInPath(undefined, "ended")).toBe("/sign-in?reason=ended");
  });
});
