// Builds BagIt bags (RFC 8493) as zips for PUT /sip, independently of the archive's own bag code,
// so the suite checks the archive against the RFC rather than against itself.
import { zipSync } from "fflate";
import { sha256 } from "./fixtures";

export interface BagOptions {
  // Payload files by path under data/.
  payload: Record<string, Uint8Array | string>;
  // Written as the package-metadata.json tag file; left out when undefined.
  packageMetadata?: unknown;
  // Payload paths whose manifest line carries a wrong digest.
  wrongDigest?: string[];
  // Wraps the bag in one top folder, as zipping a bag's directory does.
  topFolder?: string;
}

const text = (s: string) => new TextEncoder().encode(s);

// The zip bytes of a bag with a SHA-256 payload manifest and tag manifest.
export function buildBag(options: BagOptions): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const manifest: string[] = [];
  for (const [name, content] of Object.entries(options.payload)) {
    const bytes = typeof content === "string" ? text(content) : content;
    files[`data/${name}`] = bytes;
    const digest = options.wrongDigest?.includes(name) ? sha256(`not ${name}`) : sha256(bytes);
    // RFC 8493 §2.1.3: a manifest escapes CR, LF and % in paths.
    const encoded = `data/${name}`.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
    manifest.push(`${digest}  ${encoded}`);
  }
  files["bagit.txt"] = text("BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n");
  files["bag-info.txt"] = text(
    `Bagging-Date: ${new Date().toISOString().slice(0, 10)}\nSource-Organization: Scriptorium conformance suite\n`,
  );
  files["manifest-sha256.txt"] = text(`${manifest.join("\n")}\n`);
  if (options.packageMetadata !== undefined) {
    files["package-metadata.json"] = text(JSON.stringify(options.packageMetadata));
  }
  const tags = ["bagit.txt", "bag-info.txt", "manifest-sha256.txt", "package-metadata.json"].filter(
    (n) => files[n],
  );
  files["tagmanifest-sha256.txt"] = text(
    `${tags.map((n) => `${sha256(files[n] as Uint8Array)}  ${n}`).join("\n")}\n`,
  );
  const entries = options.topFolder
    ? Object.fromEntries(
        Object.entries(files).map(([name, bytes]) => [`${options.topFolder}/${name}`, bytes]),
      )
    : files;
  return zipSync(entries);
}
