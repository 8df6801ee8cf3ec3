// AUTH_SECRET for a fresh install: made once, kept in the data folder, readable only by its owner.
import { randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

// The configured AUTH_SECRET, else the one in `${dataDir}/auth-secret`, created if missing.
export async function ensureAuthSecret(env, dataDir) {
  if (env.AUTH_SECRET) return { secret: env.AUTH_SECRET, created: false, file: null };
  const file = path.join(dataDir, "auth-secret");
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, `${randomBytes(32).toString("base64url")}\n`, {
      mode: 0o600,
      flag: "wx",
    });
    return { secret: (await readFile(file, "utf8")).trim(), created: true, file };
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
  }
  // Kept private even if someone loosened it; a secret others can read signs their cookies.
  await chmod(file, 0o600);
  const secret = (await readFile(file, "utf8")).trim();
  if (secret.length < 32) {
    throw new Error(
      `${file} holds no usable secret (under 32 characters): delete it to make a new one.`,
    );
  }
  return { secret, created: false, file };
}
