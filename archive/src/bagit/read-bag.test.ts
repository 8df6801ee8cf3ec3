import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { strToU8, unzipSync, zipSync, type Zippable } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { createBag, readBag } from "./read-bag";

const tmp = mkdtempSync("/tmp/pure-bagit-");
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let counter = 0;
// Writes the zip and reads it into a fresh work folder.
async function read(zip: Uint8Array, options?: Parameters<typeof readBag>[2]) {
  counter += 1;
  const zipPath = path.join(tmp, `bag-${counter}.zip`);
  const workDir = path.join(tmp, `work-${counter}`);
  writeFileSync(zipPath, zip);
  return { ...(await readBag(zipPath, workDir, options)), workDir };
}

// Unzips, lets the test change the entries, zips again.
function mutate(zip: Uint8Array, change: (files: Record<string, Uint8Array>) => void): Uint8Array {
  const files = unzipSync(zip);
  change(files);
  return zipSync(files as Zippable);
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const payload = [
  { path: "data/report.pdf", bytes: strToU8("%PDF-1.7 pretend") },
  { path: "minutes/2024-01.txt", bytes: strToU8("Minutes of January") },
];
const dc = { schema: "http://purl.org/dc/elements/1.1/", metadata: { title: "Board papers" } };

describe("a valid bag", () => {
  it("extracts every payload file with its size and SHA-256", async () => {
    const result = await read(createBag(payload));
    expect(result.problems).toEqual([]);
    expect(result.version).toBe("1.0");
    expect(result.files.map((f) => f.path)).toEqual([
      "data/minutes/2024-01.txt",
      "data/report.pdf",
    ]);
    for (const file of result.files) {
      const original = payload.find((p) =>
        file.path.endsWith(p.path.replace(/^data\//, "")),
      )!.bytes;
      expect(file.size).toBe(original.length);
      expect(file.sha256).toBe(sha256(original));
      expect(file.fsPath.startsWith(result.workDir)).toBe(true);
      expect(new Uint8Array(readFileSync(file.fsPath))).toEqual(original);
    }
    expect(result.bagInfo?.["Payload-Oxum"]).toEqual([`${16 + 18}.2`]);
  });

  it("reads paths the file system could not hold as names: 400 characters, colons, stars", async () => {
    const odd = [
      { path: `${"x".repeat(400)}.txt`, bytes: strToU8("a long name") },
      { path: `${"folder ".repeat(60)}/inner: *file*?.txt`, bytes: strToU8("deep and odd") },
    ];
    const result = await read(createBag(odd));
    expect(result.problems).toEqual([]);
    expect(result.files.map((f) => f.path).sort()).toEqual(odd.map((o) => `data/${o.path}`).sort());
    for (const file of result.files) {
      const original = odd.find((o) => `data/${o.path}` === file.path)!.bytes;
      expect(new Uint8Array(readFileSync(file.fsPath))).toEqual(original);
    }
  });

  it("accepts a bag inside one top-level folder, and ignores __MACOSX", async () => {
    const zip = mutate(createBag(payload, undefined, { root: "my-bag" }), (files) => {
      files["__MACOSX/my-bag/._report.pdf"] = strToU8("resource fork");
    });
    const result = await read(zip);
    expect(result.problems).toEqual([]);
    expect(result.files).toHaveLength(2);
  });

  it("decodes percent-encoded manifest paths and accepts CRLF manifests", async () => {
    const zip = mutate(createBag([{ path: "100% sure.txt", bytes: strToU8("x") }]), (files) => {
      const manifest = new TextDecoder().decode(files["manifest-sha256.txt"]);
      files["manifest-sha256.txt"] = strToU8(manifest.replace(/\n/g, "\r\n"));
      delete files["tagmanifest-sha256.txt"];
    });
    const result = await read(zip);
    expect(result.problems).toEqual([]);
    expect(result.files.map((f) => f.path)).toEqual(["data/100% sure.txt"]);
  });

  it("streams a large payload to disk intact", async () => {
    const big = new Uint8Array(randomBytes(24 * 1024 * 1024));
    const result = await read(
      createBag([{ path: "scan.tif", bytes: big }, ...payload], undefined, { store: true }),
    );
    expect(result.problems).toEqual([]);
    const scan = result.files.find((f) => f.path === "data/scan.tif");
    expect(scan).toMatchObject({ size: big.length, sha256: sha256(big) });
    expect(sha256(readFileSync(scan!.fsPath))).toBe(sha256(big));
  });

  it("verifies every payload manifest, not only SHA-256", async () => {
    const zip = mutate(createBag(payload), (files) => {
      delete files["tagmanifest-sha256.txt"];
      files["manifest-md5.txt"] = strToU8(`${"0".repeat(32)}  data/report.pdf\n`);
    });
    const { problems } = await read(zip);
    expect(problems).toContain(
      "data/report.pdf does not match its MD5 checksum in manifest-md5.txt.",
    );
    expect(problems).toContain(
      "data/minutes/2024-01.txt is in the payload but not listed in manifest-md5.txt.",
    );
  });
});

describe("a broken bag", () => {
  it("names a file whose checksum is wrong", async () => {
    const zip = mutate(createBag(payload), (files) => {
      files["data/report.pdf"] = strToU8("%PDF-1.7 tampered");
    });
    const { problems } = await read(zip);
    expect(problems).toContain(
      "data/report.pdf does not match its SHA-256 checksum in manifest-sha256.txt.",
    );
  });

  it("names a listed file that is missing", async () => {
    const zip = mutate(createBag(payload), (files) => {
      delete files["data/report.pdf"];
    });
    const { problems, files } = await read(zip);
    expect(problems).toContain(
      "manifest-sha256.txt lists data/report.pdf, but the bag does not contain it.",
    );
    expect(problems).toContain(
      "bag-info.txt gives Payload-Oxum 34.2, but the payload is 18 bytes in 1 files.",
    );
    expect(files.map((f) => f.path)).toEqual(["data/minutes/2024-01.txt"]);
  });

  it("names a payload file that no manifest lists", async () => {
    const zip = mutate(createBag(payload), (files) => {
      files["data/extra.txt"] = strToU8("sneaked in");
    });
    const { problems } = await read(zip);
    expect(problems).toContain(
      "data/extra.txt is in the payload but not listed in manifest-sha256.txt.",
    );
  });

  it("names a tag file changed after the tag manifest was written", async () => {
    const zip = mutate(createBag(payload), (files) => {
      files["bag-info.txt"] = strToU8(
        `${new TextDecoder().decode(files["bag-info.txt"])}Contact-Name: Eve\n`,
      );
    });
    const { problems } = await read(zip);
    expect(problems).toEqual([
      "bag-info.txt does not match its SHA-256 checksum in tagmanifest-sha256.txt.",
    ]);
  });

  it("refuses path traversal and writes nothing outside the work folder", async () => {
    const zip = mutate(createBag(payload), (files) => {
      files["../escaped.txt"] = strToU8("evil");
      files["data/../../escaped-too.txt"] = strToU8("evil");
      files["/absolute.txt"] = strToU8("evil");
    });
    const { problems, workDir } = await read(zip);
    expect(problems).toEqual(
      expect.arrayContaining([
        'The zip entry "../escaped.txt" climbs out of the bag with ..; it was not extracted.',
        'The zip entry "data/../../escaped-too.txt" climbs out of the bag with ..; it was not extracted.',
        'The zip entry "/absolute.txt" is an absolute path; it was not extracted.',
      ]),
    );
    expect(existsSync(path.join(tmp, "escaped.txt"))).toBe(false);
    expect(existsSync(path.join(path.dirname(workDir), "escaped-too.txt"))).toBe(false);
  });

  it("says when bagit.txt is missing or declares another encoding", async () => {
    const missing = mutate(createBag(payload), (files) => {
      delete files["bagit.txt"];
    });
    expect((await read(missing)).problems).toEqual([
      "bagit.txt is missing: a bag needs it at the zip root or in one top-level folder.",
    ]);
    const latin = mutate(createBag(payload), (files) => {
      files["bagit.txt"] = strToU8(
        "BagIt-Version: 0.97\nTag-File-Character-Encoding: ISO-8859-1\n",
      );
      delete files["tagmanifest-sha256.txt"];
    });
    expect((await read(latin)).problems).toEqual([
      "bagit.txt declares the tag file encoding ISO-8859-1; the archive reads UTF-8 bags only.",
    ]);
  });

  it("refuses a bag without a payload manifest, with fetch.txt, or with an unknown algorithm", async () => {
    const zip = mutate(createBag(payload), (files) => {
      delete files["manifest-sha256.txt"];
      delete files["tagmanifest-sha256.txt"];
      files["manifest-blake3.txt"] = strToU8("");
      files["fetch.txt"] = strToU8("https://example.org/a - data/a\n");
    });
    const { problems } = await read(zip);
    expect(problems).toEqual(
      expect.arrayContaining([
        "The bag has a fetch.txt; the archive accepts complete bags only.",
        "manifest-blake3.txt uses the algorithm blake3, which the archive cannot check.",
      ]),
    );
  });

  it("says when the file is not a zip, and stops past the size limit", async () => {
    expect((await read(strToU8("not a zip at all"))).problems).toEqual([
      expect.stringMatching(/^bag-\d+\.zip is not a zip file the archive can read\.$/),
    ]);
  });
});

// The zip with `name`'s uncompressed size in the central directory changed to `size`.
function declareSize(zip: Uint8Array, name: string, size: number): Uint8Array {
  const copy = zip.slice();
  const view = new DataView(copy.buffer);
  const wanted = Buffer.from(name);
  for (let p = 0; p + 46 <= copy.length; p++) {
    if (view.getUint32(p, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(p + 28, true);
    if (Buffer.from(copy.subarray(p + 46, p + 46 + nameLength)).equals(wanted)) {
      view.setUint32(p + 24, size, true);
      return copy;
    }
  }
  throw new Error(`${name} is not in the zip's directory`);
}

// Files under `workDir`, however deep: what a refused bag left on disk.
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

describe("limits against zip bombs", () => {
  const zeros = (bytes: number) => new Uint8Array(bytes);

  it("stops at the total unpacked size, names the limit and the entry, and keeps nothing", async () => {
    const big = createBag(
      [
        { path: "a.bin", bytes: randomBytes(60_000) },
        { path: "b.bin", bytes: randomBytes(60_000) },
      ],
      undefined,
      { store: true },
    );
    const result = await read(big, { maxTotalBytes: 100_000 });
    expect(result.problems).toEqual([
      'The bag unpacks to more than 100000 bytes (the archive\'s upload limit): unpacking stopped in "data/b.bin".',
    ]);
    expect(result.files).toEqual([]);
    expect(filesUnder(result.workDir)).toEqual([]);
  });

  it("refuses more entries than the limit before unpacking any", async () => {
    const many = createBag(
      Array.from({ length: 6 }, (_, i) => ({ path: `f${i}.txt`, bytes: strToU8(`${i}`) })),
    );
    const result = await read(many, { maxEntries: 5 });
    expect(result.problems).toEqual([
      "The zip holds 10 entries, more than the 5 the archive accepts in one bag.",
    ]);
    expect(filesUnder(result.workDir)).toEqual([]);
  });

  it("stops an entry that unpacks to more than the ratio allows, naming it, and keeps nothing", async () => {
    const bomb = createBag([{ path: "zeros.bin", bytes: zeros(8 * 1024 * 1024) }, ...payload]);
    const result = await read(bomb, { maxRatio: 100 });
    expect(result.problems).toEqual([
      'The zip entry "data/zeros.bin" unpacks to more than 100 times its compressed size (the archive\'s limit against zip bombs): unpacking stopped.',
    ]);
    expect(filesUnder(result.workDir)).toEqual([]);
  });

  it("lets small files compress as well as they like", async () => {
    const result = await read(createBag([{ path: "blank.txt", bytes: zeros(512 * 1024) }]), {
      maxRatio: 100,
    });
    expect(result.problems).toEqual([]);
    expect(result.files[0]).toMatchObject({ size: 512 * 1024, sha256: sha256(zeros(512 * 1024)) });
  });

  it("stops a bag of many small files that together unpack to more than the ratio allows", async () => {
    const files = Array.from({ length: 16 }, (_, i) => ({
      path: `blank-${i}.txt`,
      bytes: zeros(512 * 1024),
    }));
    const result = await read(createBag(files), { maxRatio: 100 });
    expect(result.problems).toEqual([
      expect.stringMatching(
        /^The bag unpacks to more than 100 times the size of its zip \(the archive's limit against zip bombs\): unpacking stopped in "data\/blank-\d+\.txt"\.$/,
      ),
    ]);
    expect(filesUnder(result.workDir)).toEqual([]);
  });

  it("stops an entry whose data unpacks to more than the zip's directory declares", async () => {
    // The directory says 1,000 bytes, so the ratio allows it; the data holds 8 MiB.
    const bag = createBag([{ path: "zeros.bin", bytes: zeros(8 * 1024 * 1024) }]);
    const lying = declareSize(bag, "data/zeros.bin", 1000);
    const result = await read(lying, { maxRatio: 100 });
    expect(result.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^The zip entry data\/zeros\.bin cannot be unpacked: /),
      ]),
    );
    expect(result.files).toEqual([]);
    // Nothing of the 8 MiB is left: the partly written file was removed.
    const kept = readdirSync(result.workDir).map(
      (f) => statSync(path.join(result.workDir, f)).size,
    );
    expect(Math.max(...kept)).toBeLessThan(64 * 1024);
  });

  it("applies the archive's limits when the caller names none", async () => {
    const bomb = createBag([{ path: "zeros.bin", bytes: zeros(16 * 1024 * 1024) }]);
    const result = await read(bomb);
    expect(result.problems).toEqual([
      expect.stringMatching(/^The zip entry "data\/zeros\.bin" unpacks to more than \d+ times/),
    ]);
  });
});

describe("package-metadata.json", () => {
  it("returns the package and document metadata", async () => {
    const metadata = {
      profile: "records-10y",
      packageId: "BOARD-2024",
      metadatas: [dc],
      documents: [
        { path: "data/report.pdf", metadatas: [{ ...dc, metadata: { title: "Report" } }] },
      ],
    };
    const result = await read(createBag(payload, metadata));
    expect(result.problems).toEqual([]);
    expect(result.packageMetadata).toEqual(metadata);
  });

  it("names what is wrong with it", async () => {
    const unknownDocument = { metadatas: [], documents: [{ path: "data/nope.pdf" }] };
    expect((await read(createBag(payload, unknownDocument))).problems).toEqual([
      "package-metadata.json describes data/nope.pdf, which is not a payload file of the bag.",
    ]);
    const bothForms = {
      metadatas: [{ ...dc, file: { type: "BINARY", content: "AAAA", name: "dc.xml" } }],
    };
    const result = await read(createBag(payload, bothForms as never));
    expect(result.problems).toEqual([
      expect.stringMatching(/^package-metadata\.json is invalid: .*metadata or file, not both/),
    ]);
    expect(result.packageMetadata).toBeUndefined();
  });
});
