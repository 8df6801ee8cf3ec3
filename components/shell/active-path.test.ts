import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { isActivePath } from "./active-path";

describe("isActivePath", () => {
  it.each([
    ["/", "/", true],
    ["/profiles", "/", false],
    ["/ingest", "/ingest", true],
    ["/ingest/", "/ingest", true],
    ["/ingests", "/ingest", false],
    ["/ingests/sip-1", "/ingests", true],
    ["/ingests/sip-1", "/ingest", false],
    ["/objects/po-1/versions", "/objects", true],
    ["/admin-tools", "/admin", false],
  ])("on %s, the link to %s is active: %s", (pathname, href, active) => {
    expect(isActivePath(pathname, href)).toBe(active);
  });

  it("marks exactly one top-level entry active on any page of a section", () => {
    const hrefs = ["/", "/profiles", "/ingest", "/ingests", "/objects", "/admin"];
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    const section = fc.constantFrom(...hrefs.filter((h) => h !== "/"));
    fc.assert(
      fc.property(section, fc.array(segment, { maxLength: 3 }), (href, rest) => {
        const pathname = [href, ...rest].join("/");
        expect(hrefs.filter((h) => isActivePath(pathname, h))).toEqual([href]);
      }),
    );
  });
});
