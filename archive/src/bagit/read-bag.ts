// Reads and verifies a BagIt bag (RFC 8493) delivered as a zip: extracts it under workDir and
// reports every problem as a sentence naming the file. The caller refuses the bag if any problem
// is reported, and owns (and cleans up) workDir.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { listEntries, withZip } from "../formats/zip-reader";
import {
  isBagAlgorithm,
  parseBagDeclaration,
  parseBagInfo,
  parseManifest,
  type BagAlgorithm,
} from "./bag-text";
import { DEFAULT_BAG_LIMITS, tooManyEntries, type BagLimits } from "./bag-limits";
import { extractZip, type ExtractedEntry } from "./extract-zip";
import {
  PACKAGE_METADATA_FILE,
  parsePackageMetadata,
  type BagPackageMetadata,
} from "./package-metadata";

export { createBag, type BagInputFile, type CreateBagOptions } from "./create-bag";
export type { BagPackageMetadata } from "./package-metadata";

export interface BagFile {
  /** Path inside the bag, e.g. "data/a.pdf". */
  path: string;
  size: number;
  sha256: string;
  /** Where the file was extracted, under workDir. */
  fsPath: string;
}

export interface BagReadResult {
  /** Payload files (under data/), sorted by path. */
  files: BagFile[];
  packageMetadata?: BagPackageMetadata;
  /** bag-info.txt, label → values. */
  bagInfo?: Record<string, string[]>;
  version?: string;
  problems: string[];
}

export type ReadBagOptions = Partial<BagLimits>;
export { DEFAULT_BAG_LIMITS, type BagLimits } from "./bag-limits";

const MAX_DIRECTORY = 256 * 1024 * 1024;
const label = (algorithm: string) =>
  algorithm === "md5" ? "MD5" : algorithm.replace(/^sha/, "SHA-");

// Reads the bag in zipPath, extracting it into workDir (which should be empty).
export async function readBag(
  zipPath: string,
  workDir: string,
  options: ReadBagOptions = {},
): Promise<BagReadResult> {
  const limits = { ...DEFAULT_BAG_LIMITS, ...options };
  const directory = await zipEntryNames(zipPath, limits.maxEntries);
  if (!directory) {
    return {
      files: [],
      problems: [`${path.basename(zipPath)} is not a zip file the archive can read.`],
    };
  }
  if (directory.count > limits.maxEntries) {
    return { files: [], problems: [tooManyEntries(limits, directory.count)] };
  }
  const plan = planBag(directory.names);
  if (plan.root === undefined) return { files: [], problems: plan.problems };
  const extracted = await extractZip(zipPath, workDir, {
    root: plan.root,
    algorithms: plan.algorithms,
    limits,
  });
  // A bag past a limit is refused for that alone: nothing of it was kept to be checked.
  if (extracted.stopped) return { files: [], problems: [extracted.stopped] };
  const problems = [...plan.problems, ...extracted.problems];
  const result = await verifyBag(extracted.entries, plan, problems);
  return { ...result, problems };
}

// The names the zip's directory lists (without __MACOSX/), and how many entries it has in all.
async function zipEntryNames(
  zipPath: string,
  maxEntries: number,
): Promise<{ names: string[]; count: number } | undefined> {
  return withZip(zipPath, async (zip) => {
    if (!zip) return undefined;
    // The count comes from the end record: a bag past the limit is refused before its listing.
    if (zip.entryCount > maxEntries) return { names: [], count: zip.entryCount };
    const directory = await listEntries(zip, MAX_DIRECTORY);
    if (!directory) return undefined;
    const names = directory.map((e) => e.name).filter((n) => !n.startsWith("__MACOSX/"));
    return { names, count: directory.length };
  });
}

interface BagPlan {
  root?: string;
  manifests: string[];
  tagManifests: string[];
  algorithms: BagAlgorithm[];
  problems: string[];
}

// Finds the bag root (the zip root or one top-level folder) and the manifests, from the names alone.
function planBag(names: string[]): BagPlan {
  const problems: string[] = [];
  const nested = names.filter((n) => /^[^/]+\/bagit\.txt$/.test(n));
  let root: string | undefined;
  if (names.includes("bagit.txt")) root = "";
  else if (nested.length === 1) root = (nested[0] as string).slice(0, -"bagit.txt".length);
  else if (nested.length > 1)
    problems.push(`The zip holds several bags (${nested.join(", ")}); send one bag per zip.`);
  else
    problems.push(
      "bagit.txt is missing: a bag needs it at the zip root or in one top-level folder.",
    );
  if (root === undefined) return { manifests: [], tagManifests: [], algorithms: [], problems };

  const outside = names.filter((n) => !n.startsWith(root) && !n.endsWith("/"));
  if (outside.length > 0) {
    const shown = outside.slice(0, 5).join(", ") + (outside.length > 5 ? ", …" : "");
    problems.push(`${outside.length} zip entries lie outside the bag folder ${root}: ${shown}.`);
  }
  const relative = names.filter((n) => n.startsWith(root)).map((n) => n.slice(root.length));
  const manifests = relative.filter((n) => /^manifest-[A-Za-z0-9]+\.txt$/.test(n));
  const tagManifests = relative.filter((n) => /^tagmanifest-[A-Za-z0-9]+\.txt$/.test(n));
  const algorithms = new Set<BagAlgorithm>(["sha256"]);
  for (const name of [...manifests, ...tagManifests]) {
    const algorithm = /-([A-Za-z0-9]+)\.txt$/.exec(name)?.[1]?.toLowerCase() ?? "";
    if (isBagAlgorithm(algorithm)) algorithms.add(algorithm);
  }
  return { root, manifests, tagManifests, algorithms: [...algorithms], problems };
}

async function verifyBag(
  entries: Map<string, ExtractedEntry>,
  plan: BagPlan,
  problems: string[],
): Promise<Omit<BagReadResult, "problems">> {
  const text = async (name: string) => {
    const entry = entries.get(name);
    return entry ? readFile(entry.fsPath, "utf8") : undefined;
  };
  const declaration = await text("bagit.txt");
  const { version, problems: declared } =
    declaration === undefined
      ? { version: undefined, problems: ["bagit.txt could not be extracted."] }
      : parseBagDeclaration(declaration);
  problems.push(...declared);
  if (entries.has("fetch.txt"))
    problems.push("The bag has a fetch.txt; the archive accepts complete bags only.");

  const payload = [...entries.keys()].filter((p) => p.startsWith("data/")).sort();
  if (payload.length === 0) problems.push("The bag has no payload files under data/.");
  if (plan.manifests.length === 0)
    problems.push("The bag has no payload manifest (e.g. manifest-sha256.txt).");

  for (const manifest of [...plan.manifests, ...plan.tagManifests]) {
    const isTag = manifest.startsWith("tag");
    const algorithm = /-([A-Za-z0-9]+)\.txt$/.exec(manifest)?.[1]?.toLowerCase() ?? "";
    if (!isBagAlgorithm(algorithm)) {
      problems.push(`${manifest} uses the algorithm ${algorithm}, which the archive cannot check.`);
      continue;
    }
    const content = await text(manifest);
    if (content === undefined) continue;
    const listed = parseManifest(content, manifest);
    problems.push(...listed.problems);
    for (const [listedPath, checksum] of listed.entries) {
      if (!isTag && !listedPath.startsWith("data/")) {
        problems.push(`${manifest} lists ${listedPath}, which is outside data/.`);
        continue;
      }
      const entry = entries.get(listedPath);
      if (!entry)
        problems.push(`${manifest} lists ${listedPath}, but the bag does not contain it.`);
      else if (entry.digests[algorithm] !== checksum) {
        problems.push(
          `${listedPath} does not match its ${label(algorithm)} checksum in ${manifest}.`,
        );
      }
    }
    if (!isTag) {
      for (const file of payload) {
        if (!listed.entries.has(file))
          problems.push(`${file} is in the payload but not listed in ${manifest}.`);
      }
    }
  }

  const infoText = await text("bag-info.txt");
  const bagInfo = infoText === undefined ? undefined : parseBagInfo(infoText);
  const oxum = bagInfo?.["Payload-Oxum"]?.[0];
  if (oxum !== undefined) {
    const octets = payload.reduce((n, p) => n + (entries.get(p)?.size ?? 0), 0);
    if (!/^\d+\.\d+$/.test(oxum))
      problems.push(
        `bag-info.txt has a malformed Payload-Oxum (${oxum}); expected <bytes>.<files>.`,
      );
    else if (oxum !== `${octets}.${payload.length}`) {
      problems.push(
        `bag-info.txt gives Payload-Oxum ${oxum}, but the payload is ${octets} bytes in ${payload.length} files.`,
      );
    }
  }

  let packageMetadata: BagPackageMetadata | undefined;
  const metadataText = await text(PACKAGE_METADATA_FILE);
  if (metadataText !== undefined) {
    const parsed = parsePackageMetadata(metadataText, new Set(payload));
    problems.push(...parsed.problems);
    packageMetadata = parsed.value;
  }

  const files = payload.map((p) => {
    const entry = entries.get(p) as ExtractedEntry;
    return { path: p, size: entry.size, sha256: entry.digests.sha256 ?? "", fsPath: entry.fsPath };
  });
  return {
    files,
    ...(packageMetadata ? { packageMetadata } : {}),
    ...(bagInfo ? { bagInfo } : {}),
    ...(version ? { version } : {}),
  };
}
