// Builds a valid BagIt zip in memory, for tests, demo data and the dashboard's end-to-end tests.
// No file system; node:crypto only for the (synchronous) checksums.
import { createHash } from "node:crypto";
import { strToU8, zipSync, type Zippable } from "fflate";
import { encodeManifestPath, unsafePathReason } from "./bag-text";
import { PACKAGE_METADATA_FILE, type BagPackageMetadataInput } from "./package-metadata";

export interface BagInputFile {
  /** Payload path, with or without the leading "data/". */
  path: string;
  bytes: Uint8Array;
}

export interface CreateBagOptions {
  /** Put the bag in one top-level folder of the zip, e.g. "my-bag". */
  root?: string;
  /** Extra bag-info.txt fields; Payload-Oxum and Bagging-Date are always written. */
  bagInfo?: Record<string, string>;
  /** Store payload files uncompressed (fast for large test files). */
  store?: boolean;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

// A complete bag: bagit.txt, data/…, manifest-sha256.txt, bag-info.txt, the optional
// package-metadata.json and a tagmanifest-sha256.txt over the tag files.
export function createBag(
  files: readonly BagInputFile[],
  packageMetadata?: BagPackageMetadataInput,
  options: CreateBagOptions = {},
): Uint8Array {
  const payload = files.map((f) => {
    const path = f.path.startsWith("data/") ? f.path : `data/${f.path}`;
    const reason = unsafePathReason(path);
    if (reason) throw new Error(`createBag: the path ${f.path} ${reason}.`);
    return { path, bytes: f.bytes };
  });
  const octets = payload.reduce((n, f) => n + f.bytes.length, 0);
  const info: Record<string, string> = {
    "Bag-Software-Agent": "Scriptorium",
    "Bagging-Date": new Date().toISOString().slice(0, 10),
    ...options.bagInfo,
    "Payload-Oxum": `${octets}.${payload.length}`,
  };
  const tags: Record<string, Uint8Array> = {
    "bagit.txt": strToU8("BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n"),
    "manifest-sha256.txt": strToU8(
      payload.map((f) => `${sha256(f.bytes)}  ${encodeManifestPath(f.path)}\n`).join(""),
    ),
    "bag-info.txt": strToU8(
      Object.entries(info)
        .map(([k, v]) => `${k}: ${v}\n`)
        .join(""),
    ),
  };
  if (packageMetadata)
    tags[PACKAGE_METADATA_FILE] = strToU8(JSON.stringify(packageMetadata, null, 2));
  const tagManifest = Object.entries(tags)
    .map(([name, bytes]) => `${sha256(bytes)}  ${name}\n`)
    .join("");

  const prefix = options.root ? `${options.root.replace(/\/+$/, "")}/` : "";
  const zip: Zippable = {};
  for (const [name, bytes] of Object.entries(tags)) zip[prefix + name] = bytes;
  for (const f of payload) zip[prefix + f.path] = options.store ? [f.bytes, { level: 0 }] : f.bytes;
  zip[`${prefix}tagmanifest-sha256.txt`] = strToU8(tagManifest);
  return zipSync(zip);
}
