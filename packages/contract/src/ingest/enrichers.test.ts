import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ENRICHERS, parseEnrichers, serializeEnrichers, unknownEnrichers } from "./schemas";

describe("enrichers header", () => {
  it("round-trips any list of enrichers through one header value", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...ENRICHERS)), (list) => {
        expect(parseEnrichers(serializeEnrichers(list))).toEqual(list);
      }),
    );
  });

  it("sends one comma-separated value", () => {
    expect(serializeEnrichers(["pluginreports", "permissions", "userPackage"])).toBe(
      "pluginreports,permissions,userPackage",
    );
  });

  it("reads the old spelling breadcrumb as breadcrumbs, and writes the new one", () => {
    expect(parseEnrichers("breadcrumb")).toEqual(["breadcrumbs"]);
    expect(parseEnrichers("breadcrumbs")).toEqual(["breadcrumbs"]);
    expect(serializeEnrichers(["breadcrumb"])).toBe("breadcrumbs");
    expect(parseEnrichers("breadcrumb, breadcrumbs")).toEqual(["breadcrumbs"]);
  });

  it("joins repeated headers and ignores spaces, empty entries and case", () => {
    expect(parseEnrichers(["pluginreports, permissions", " metadata,,", "USERPACKAGE"])).toEqual([
      "pluginreports",
      "permissions",
      "metadata",
      "userPackage",
    ]);
  });

  it("reads an absent header as no enrichers", () => {
    expect(parseEnrichers(null)).toEqual([]);
    expect(parseEnrichers("")).toEqual([]);
  });

  it("leaves unknown names out and reports them separately", () => {
    expect(parseEnrichers("permissions,colour")).toEqual(["permissions"]);
    expect(unknownEnrichers(["permissions,colour", "breadcrumb"])).toEqual(["colour"]);
  });
});
