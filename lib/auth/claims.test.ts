import { describe, expect, it } from "vitest";
import { claimList, identityFromClaims, readClaim } from "./claims";

const names = { roles: "roles", tenants: "tenants" };

describe("readClaim", () => {
  it("follows a dotted path into nested claims (Keycloak realm and client roles)", () => {
    const claims = {
      realm_access: { roles: ["archivist"] },
      resource_access: { scriptorium: { roles: ["admin"] } },
    };
    expect(readClaim(claims, "realm_access.roles")).toEqual(["archivist"]);
    expect(readClaim(claims, "resource_access.scriptorium.roles")).toEqual(["admin"]);
    expect(readClaim(claims, "realm_access.groups")).toBeUndefined();
    expect(readClaim(claims, "realm_access.roles.0.x")).toBeUndefined();
  });

  it("prefers a claim whose name itself contains dots", () => {
    const claims = { "https://example.org/roles": ["admin"], https: { "//example": 1 } };
    expect(readClaim(claims, "https://example.org/roles")).toEqual(["admin"]);
  });

  it("does not read inherited properties", () => {
    expect(readClaim({}, "constructor")).toBeUndefined();
    expect(readClaim({ a: {} }, "a.toString")).toBeUndefined();
  });
});

describe("claimList", () => {
  it("accepts arrays and space- or comma-separated strings, dropping blanks and repeats", () => {
    expect(claimList(["a", "b", "a", "", 3])).toEqual(["a", "b"]);
    expect(claimList("admin archivist")).toEqual(["admin", "archivist"]);
    expect(claimList("demo, research")).toEqual(["demo", "research"]);
    expect(claimList(undefined)).toEqual([]);
    expect(claimList({ demo: true })).toEqual([]);
  });
});

describe("identityFromClaims", () => {
  it("reads roles and tenants from the configured claims and starts in the provider's tenant", () => {
    const idToken = {
      sub: "u-1",
      name: "Ada Admin",
      email: "ada@example.org",
      roles: ["admin"],
      tenants: ["demo", "research"],
      tenant: "research",
    };
    expect(identityFromClaims([idToken], names)).toEqual({
      sub: "u-1",
      name: "Ada Admin",
      email: "ada@example.org",
      roles: ["admin"],
      tenants: ["demo", "research"],
      tenant: "research",
    });
  });

  it("takes claims missing from the ID token from userinfo, then the access token", () => {
    const idToken = { sub: "u-2", preferred_username: "archivist" };
    const userinfo = { sub: "u-2", realm_access: { roles: ["archivist"] } };
    const accessToken = { sub: "u-2", realm_access: { roles: ["admin"] }, groups: "demo" };
    const identity = identityFromClaims([idToken, userinfo, accessToken], {
      roles: "realm_access.roles",
      tenants: "groups",
    });
    expect(identity).toMatchObject({
      name: "archivist",
      roles: ["archivist"],
      tenants: ["demo"],
      tenant: "demo",
    });
  });

  it("ignores a preferred tenant the user does not have", () => {
    const identity = identityFromClaims([{ sub: "u", tenants: ["demo"], tenant: "other" }], names);
    expect(identity.tenant).toBe("demo");
    expect(identityFromClaims([{ sub: "u" }], names)).toMatchObject({
      name: "u",
      roles: [],
      tenants: [],
      tenant: "",
    });
  });

  it("refuses claims without a subject", () => {
    expect(() => identityFromClaims([{ name: "x" }], names)).toThrow(/sub/);
  });
});
