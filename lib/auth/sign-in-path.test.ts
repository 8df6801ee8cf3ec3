import { describe, expect, it } from "vitest";
import { safeCallbackPath, signInPath } from "./sign-in-path";

describe("safeCallbackPath", () => {
  it("keeps paths on this site and drops anything that could leave it", () => {
    expect(safeCallbackPath("/objects?q=1")).toBe("/objects?q=1");
    expect(safeCallbackPath("https://evil.example/")).toBeUndefined();
    expect(safeCallbackPath("//evil.example/")).toBeUndefined();
    expect(safeCallbackPath("/\\evil.example/")).toBeUndefined();
    expect(safeCallbackPath("objects")).toBeUndefined();
    expect(safeCallbackPath(null)).toBeUndefined();
  });
});

describe("signInPath", () => {
  it("returns to the page asked for, and says when a session ended", () => {
    expect(signInPath("/objects?q=a b")).toBe("/sign-in?callbackUrl=%2Fobjects%3Fq%3Da+b");
    expect(signInPath("/ingests", "ended")).toBe("/sign-in?callbackUrl=%2Fingests&reason=ended");
  });

  it("never loops back to the sign-in page or leaves the site", () => {
    expect(signInPath("/sign-in?callbackUrl=%2Fx")).toBe("/sign-in");
    expect(signInPath("//evil.example")).toBe("/sign-in");
    expect(signInPath("/")).toBe("/sign-in");
    expect(signInPath(undefined, "ended")).toBe("/sign-in?reason=ended");
  });
});
