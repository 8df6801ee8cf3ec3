// Signing and cookie keys of the identity provider: generated at first start, then reused, so
// tokens and sessions stay valid across restarts.
import { randomBytes, randomUUID } from "node:crypto";
import { chmod, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import { z } from "zod";

const jwksSchema = z.object({
  keys: z.array(z.looseObject({ kty: z.literal("RSA"), kid: z.string(), d: z.string() })).min(1),
});
const cookieKeysSchema = z.object({ keys: z.array(z.string().min(32)).min(1) });

export interface IdentityKeys {
  // Private signing keys, for the provider.
  jwks: { keys: JWK[] };
  // The public halves, for verifying access tokens locally.
  publicJwks: { keys: JWK[] };
  cookieKeys: string[];
}

// Loads the keys from `${dataDir}/keys/`, creating them on first start.
export async function loadOrCreateKeys(dataDir: string): Promise<IdentityKeys> {
  const dir = path.join(dataDir, "keys");
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const jwks = await readOrCreate(path.join(dir, "jwks.json"), jwksSchema, createJwks);
  const cookies = await readOrCreate(
    path.join(dir, "cookie-keys.json"),
    cookieKeysSchema,
    async () => ({
      keys: [randomBytes(32).toString("base64url")],
    }),
  );
  return {
    jwks: { keys: jwks.keys as JWK[] },
    publicJwks: { keys: jwks.keys.map(publicPart) },
    cookieKeys: cookies.keys,
  };
}

async function createJwks() {
  const { privateKey } = await generateKeyPair("RS256", { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return {
    keys: [
      { ...jwk, kty: "RSA" as const, kid: randomUUID(), alg: "RS256", use: "sig", d: jwk.d ?? "" },
    ],
  };
}

function publicPart(jwk: JWK): JWK {
  const { kty, kid, alg, use, n, e } = jwk;
  return { kty, kid, alg, use, n, e };
}

async function readOrCreate<T>(
  file: string,
  schema: z.ZodType<T>,
  create: () => Promise<T>,
): Promise<T> {
  let text: string | undefined;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (text !== undefined) {
    const parsed = schema.safeParse(JSON.parse(text));
    if (!parsed.success) {
      throw new Error(
        `The archive cannot start: ${file} is damaged; delete it to create new keys (signs everyone out).`,
      );
    }
    return parsed.data;
  }
  const value = await create();
  // Write then rename, so a crash never leaves a half-written key file behind.
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(value, null, 2), { mode: 0o600 });
  await chmod(temp, 0o600);
  await rename(temp, file);
  return value;
}
