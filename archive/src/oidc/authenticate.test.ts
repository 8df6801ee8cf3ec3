import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from "jose";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { IngestError } from "../http/errors";
import { createAuthenticator, type Authenticate } from "./authenticate";

const issuer = "http://localhost:4100/oidc";
const audience = "http://localhost:4100";
const kid = "archive-key";

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>["privateKey"];
let archiveKey: PrivateKey;
let strangerKey: PrivateKey;
let authenticate: Authenticate;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256");
  archiveKey = pair.privateKey;
  strangerKey = (await generateKeyPair("RS256")).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid, alg: "RS256", use: "sig" };
  authenticate = createAuthenticator({
    issuer,
    audience,
    publicJwks: { keys: [jwk] },
    tenantHeader: "X-Vendor-Repository",
  });
});

const now = () => Math.floor(Date.now() / 1000);

function claims(overrides: JWTPayload = {}): JWTPayload {
  return {
    sub: "admin",
    client_id: "scriptorium",
    name: "Alan Admin",
    roles: ["admin", "archivist"],
    tenants: ["demo", "research"],
    tenant: "demo",
    iss: issuer,
    aud: audience,
    iat: now(),
    exp: now() + 300,
    ...overrides,
  };
}

function sign(payload: JWTPayload, key: PrivateKey = archiveKey, typ = "at+jwt") {
  return new SignJWT(payload).setProtectedHeader({ alg: "RS256", typ, kid }).sign(key);
}

function bearer(token: string, extra: Record<string, string> = {}) {
  return new Headers({ authorization: `Bearer ${token}`, ...extra });
}

async function rejection(headers: Headers): Promise<IngestError> {
  const error = await authenticate(headers).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IngestError);
  return error as IngestError;
}

describe("authenticate", () => {
  it("turns a valid token into the caller acting in its default tenant", async () => {
    const caller = await authenticate(bearer(await sign(claims())));
    expect(caller).toEqual({
      sub: "admin",
      name: "Alan Admin",
      clientId: "scriptorium",
      roles: ["admin", "archivist"],
      tenants: ["demo", "research"],
      tenant: "demo",
    });
  });

  it("says the token is missing when there is no Authorization header", async () => {
    const error = await rejection(new Headers());
    expect(error.code).toBe("NOT_AUTHORIZED");
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/no access token/);
  });

  it("says the header is malformed when it is not a bearer token", async () => {
    const error = await rejection(new Headers({ authorization: "Basic YWRtaW46YWRtaW4=" }));
    expect(error.code).toBe("NOT_AUTHORIZED");
    expect(error.message).toMatch(/Authorization header is malformed/);
  });

  it("says the token is malformed when it is not a JWT", async () => {
    const error = await rejection(bearer("not-a-jwt"));
    expect(error.code).toBe("NOT_AUTHORIZED");
    expect(error.message).toMatch(/malformed/);
  });

  it("rejects a token whose payload was changed after signing", async () => {
    const [header, , signature] = (await sign(claims({ roles: ["archivist"] }))).split(".");
    const forged = Buffer.from(JSON.stringify(claims({ roles: ["admin"] }))).toString("base64url");
    const error = await rejection(bearer(`${header}.${forged}.${signature}`));
    expect(error.code).toBe("NOT_AUTHORIZED");
    expect(error.message).toMatch(/signature/);
  });

  it("rejects a token signed with another key", async () => {
    const error = await rejection(bearer(await sign(claims(), strangerKey)));
    expect(error.message).toMatch(/signature/);
  });

  it("rejects an expired token, allowing a few seconds of clock skew only", async () => {
    const expired = await sign(claims({ iat: now() - 400, exp: now() - 30 }));
    expect((await rejection(bearer(expired))).message).toMatch(/expired/);
    const justExpired = await sign(claims({ iat: now() - 300, exp: now() - 2 }));
    await expect(authenticate(bearer(justExpired))).resolves.toMatchObject({ sub: "admin" });
  });

  it("rejects a token it accepted before once it has expired", async () => {
    const token = await sign(claims({ exp: now() + 60 }));
    expect((await authenticate(bearer(token))).sub).toBe("admin");
    expect((await authenticate(bearer(token))).sub).toBe("admin");
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 70_000);
      expect((await rejection(bearer(token))).message).toMatch(/expired/);
    } finally {
      vi.useRealTimers();
    }
  });

  it("rejects a token from another issuer or for another audience", async () => {
    const foreign = await sign(claims({ iss: "http://localhost:4199/oidc" }));
    expect((await rejection(bearer(foreign))).message).toMatch(/another issuer/);
    const elsewhere = await sign(claims({ aud: "http://localhost:4199" }));
    expect((await rejection(bearer(elsewhere))).message).toMatch(/another audience/);
  });

  it("rejects an ID token presented as an access token", async () => {
    const idToken = await sign(claims(), archiveKey, "JWT");
    expect((await rejection(bearer(idToken))).code).toBe("NOT_AUTHORIZED");
  });

  it("lets the tenant header choose another tenant of the caller, under either name", async () => {
    const token = await sign(claims());
    const configured = await authenticate(bearer(token, { "X-Vendor-Repository": "research" }));
    expect(configured.tenant).toBe("research");
    const vendor = await authenticate(bearer(token, { "X-Docbyte-Repository": "research" }));
    expect(vendor.tenant).toBe("research");
  });

  it("refuses a tenant the caller does not belong to, under either header name", async () => {
    const token = await sign(claims({ tenants: ["demo"], tenant: "demo" }));
    for (const name of ["X-Vendor-Repository", "X-Docbyte-Repository"]) {
      const error = await rejection(bearer(token, { [name]: "research" }));
      expect(error.code).toBe("NO_PERMISSION");
      expect(error.status).toBe(403);
      expect(error.message).toContain('"research"');
    }
  });

  it("refuses a token that names no tenant at all", async () => {
    const token = await sign(claims({ tenants: [], tenant: undefined }));
    expect((await rejection(bearer(token))).code).toBe("NO_PERMISSION");
  });
});
