import { readFile } from "node:fs/promises";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadIdentities, parseIdentities, secretsEqual } from "./identities";

const configDir = new URL("../../config", import.meta.url).pathname;

describe("the demo identities file", () => {
  it("holds the three demo users and three clients, the dashboard's URIs from ARCHIVE_DASHBOARD_URL", async () => {
    const identities = await loadIdentities(configDir, "https://dash.example/");
    expect(identities.demo).toBe(true);
    expect(identities.findUser("admin2")).toMatchObject({
      name: "Grace Second Admin",
      roles: ["admin", "archivist"],
    });
    expect(identities.findUser("archivist")?.tenants).toEqual(["demo"]);
    const dashboard = identities.findClient("scriptorium");
    expect(dashboard?.redirectUris).toEqual(["https://dash.example/api/auth/callback/oidc"]);
    expect(dashboard?.postLogoutRedirectUris).toEqual(["https://dash.example/sign-in"]);
    expect(identities.findClient("demo-admin")?.grantTypes).toEqual(["client_credentials"]);
  });

  it("checks passwords: the right one signs in, a wrong one or an unknown user does not", async () => {
    const identities = await loadIdentities(configDir, "http://localhost:3000");
    expect(identities.verifyPassword("archivist", "archivist")?.name).toBe("Ada Archivist");
    expect(identities.verifyPassword("archivist", "admin")).toBeUndefined();
    expect(identities.verifyPassword("archivist", "")).toBeUndefined();
    expect(identities.verifyPassword("nobody", "archivist")).toBeUndefined();
  });

  it("names the field that is wrong in an invalid file", async () => {
    const raw = JSON.parse(await readFile(`${configDir}/identities.json`, "utf8")) as {
      users: { roles: unknown }[];
    };
    raw.users[1]!.roles = "admin";
    expect(() => parseIdentities(raw, "http://localhost:3000")).toThrow(/users\.1\.roles/);
  });

  it("refuses a username listed twice", () => {
    const user = { username: "a", password: "p", name: "A", roles: [], tenants: ["t"] };
    const client = {
      clientId: "c",
      clientSecret: "secret-123",
      name: "C",
      grantTypes: ["client_credentials"],
    };
    expect(() => parseIdentities({ users: [user, user], clients: [client] }, "http://x")).toThrow(
      /"a" twice/,
    );
  });

  it("says where the file should be when it is missing", async () => {
    await expect(loadIdentities("/tmp/identity-nowhere", "http://x")).rejects.toThrow(
      /identity-nowhere\/identities.json is missing/,
    );
  });
});

describe("secretsEqual", () => {
  it("is true exactly when the two strings are equal", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(secretsEqual(a, b)).toBe(a === b);
        expect(secretsEqual(a, a)).toBe(true);
      }),
    );
  });
});
