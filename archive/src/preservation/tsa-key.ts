// The archive's time-stamping key: generated at first start and kept in ${dataDir}/keys/tsa.json
// (mode 0600), because evidence records made with it must stay verifiable against the same key.
import { chmod, link, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { JWK } from "jose";
import type { ArchiveConfig } from "../config";
import { generateTsaKey, loadTsa, remoteTsa, type Tsa } from "../evidence";

export interface ArchiveTsa {
  // The authority that seals from now on.
  tsa: Tsa;
  // Its public key.
  publicJwk: JWK;
  // The keys ValidateEvidence trusts: the sealing authority's, and the archive's own key when an
  // external authority replaced it, since the records it sealed stay valid.
  trustedKeys: JWK[];
}

// The time-stamp authority the archive's configuration names: the external one (ARCHIVE_TSA_URL)
// or the archive's own key. Its certificate chain is also written to keys/tsa-certificates.pem,
// public (0644), apart from the private key in keys/tsa.json (0600): what an operator hands to
// auditors, as GET /preservation/tsa/certificates serves it.
export async function loadArchiveTsa(
  config: Pick<ArchiveConfig, "dataDir" | "externalTsa">,
): Promise<ArchiveTsa> {
  const archiveTsa = config.externalTsa
    ? await loadExternalTsa(config.dataDir, config.externalTsa)
    : await loadOrCreateTsa(config.dataDir);
  // An external authority's chain may be the first thing the archive writes to keys/.
  await mkdir(path.join(config.dataDir, "keys"), { recursive: true, mode: 0o700 });
  const pem = path.join(config.dataDir, "keys", "tsa-certificates.pem");
  const temp = `${pem}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, certificatesPem(archiveTsa.tsa.certificates), { mode: 0o644 });
  await chmod(temp, 0o644);
  await rename(temp, pem);
  return archiveTsa;
}

// Loads the TSA key, creating it when missing; several processes starting at once agree on one key.
export async function loadOrCreateTsa(dataDir: string): Promise<ArchiveTsa> {
  const dir = path.join(dataDir, "keys");
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, "tsa.json");
  let privateJwk = await readKey(file);
  if (!privateJwk) {
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temp, JSON.stringify(generateTsaKey().privateJwk, null, 2), { mode: 0o600 });
    await chmod(temp, 0o600);
    // link() fails when the file exists: the first process to create it wins, the others read it.
    await link(temp, file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
    await rm(temp, { force: true });
    privateJwk = await readKey(file);
  }
  if (!privateJwk)
    throw new Error(`The archive cannot start: the TSA key ${file} could not be created.`);
  let tsa: Tsa;
  try {
    tsa = loadTsa(privateJwk);
  } catch (error) {
    throw new Error(
      `The archive cannot start: ${file} is not a usable TSA key (${(error as Error).message}).`,
    );
  }
  return { tsa, publicJwk: tsa.publicJwk, trustedKeys: [tsa.publicJwk] };
}

async function loadExternalTsa(
  dataDir: string,
  external: NonNullable<ArchiveConfig["externalTsa"]>,
): Promise<ArchiveTsa> {
  const source = `ARCHIVE_TSA_CERTS (${external.certificatesFile})`;
  let tsa: Tsa;
  try {
    const certificates = readPemCertificates(await readFile(external.certificatesFile, "utf8"));
    tsa = remoteTsa({ ...external, certificates }, source);
  } catch (error) {
    throw new Error(
      `The archive cannot start: ${source} is not a usable certificate chain (${(error as Error).message}).`,
    );
  }
  const own = await readKey(path.join(dataDir, "keys", "tsa.json"));
  const ownJwk = own ? loadTsa(own).publicJwk : undefined;
  return {
    tsa,
    publicJwk: tsa.publicJwk,
    trustedKeys: ownJwk ? [tsa.publicJwk, ownJwk] : [tsa.publicJwk],
  };
}

// The DER certificates of a PEM file, in the file's order.
export function readPemCertificates(pem: string): Buffer[] {
  return [...pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g)].map(
    ([, body]) => Buffer.from(body!.replace(/\s+/g, ""), "base64"),
  );
}

async function readKey(file: string): Promise<JWK | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as JWK;
  } catch {
    throw new Error(
      `The archive cannot start: ${file} is damaged. Evidence sealed with it can no longer be verified against it; restore it from a backup.`,
    );
  }
}

// DER certificates as one PEM file, the signer's first.
export function certificatesPem(certificates: readonly Buffer[]): string {
  return certificates
    .map((der) => {
      const lines = der.toString("base64").match(/.{1,64}/g) ?? [];
      return `-----BEGIN CERTIFICATE-----\n${lines.join("\n")}\n-----END CERTIFICATE-----\n`;
    })
    .join("");
}
