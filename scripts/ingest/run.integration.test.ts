// `npm run ingest` end to end against the real embedded archive: a folder with subfolders and a
// spreadsheet becomes packages that reach INGESTED, a large file goes in parts, the report is
// written; a plan naming a taken package id, or a file no upload of the archive can take, is
// refused before anything is sent.
import { mkdir, mkdtemp, open, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestArchive, type TestArchive } from "@/lib/api/testing/archive";
import { parseIngestArgs } from "./args";
import { runIngest, type IngestTarget } from "./run";

const MiB = 1024 * 1024;

const targetOf = (archive: TestArchive): IngestTarget => ({
  ingestUrl: `${archive.url}/ingest`,
  preservationUrl: `${archive.url}/preservation`,
  tenantHeader: "X-Vendor-Repository",
  timeoutMs: 60_000,
  oidc: {
    issuer: `${archive.url}/oidc`,
    clientId: "scriptorium",
    clientSecret: "scriptorium-secret",
  },
});

// PUTs of file bytes: to single upload URLs, and to part URLs.
function countPuts() {
  const original = globalThis.fetch;
  const puts = { single: 0, parts: 0 };
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (init?.method === "PUT" && /\/uploads\/[^/]+\/parts\/\d+/.test(url)) puts.parts++;
    else if (init?.method === "PUT" && /\/uploads\//.test(url)) puts.single++;
    return original(input, init);
  });
  return puts;
}

let temp: string;
beforeAll(async () => {
  temp = await mkdtemp("/tmp/ingest-run-");
});
afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function folderWith(name: string, files: Record<string, string | Buffer>, csv: string) {
  const folder = path.join(temp, name);
  for (const [file, body] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
    await writeFile(path.join(folder, file), body);
  }
  await writeFile(path.join(folder, "metadata.csv"), csv);
  return folder;
}

describe("runIngest against the embedded archive", () => {
  let archive: TestArchive;
  beforeAll(async () => {
    archive = await startTestArchive();
  }, 120_000);
  afterAll(async () => {
    await archive?.close();
  });

  it("sends a folder and its spreadsheet to INGESTED, a large file in parts, and writes the report", async () => {
    const big = Buffer.alloc(65 * MiB + 123);
    for (let i = 0; i < big.length; i += 4096) big.writeUInt32LE(i, i);
    const folder = await folderWith(
      "letters",
      {
        "a-letter.txt": "The first letter.\n",
        "b-letter.txt": "The second letter.\n",
        "maps/c-map.txt": "A map.\n",
        "scans/d-scan.bin": big,
      },
      [
        "filename,dc.title,packageId",
        "a-letter.txt,First letter,run-letter-a",
        "b-letter.txt,Second letter,",
        "maps/c-map.txt,A map,",
        "scans/d-scan.bin,A large scan,",
      ].join("\n"),
    );
    const report = path.join(temp, "letters-report.csv");
    const lines: string[] = [];
    const puts = countPuts();
    const code = await runIngest(
      parseIngestArgs([folder, "--report", report]),
      (line) => lines.push(line),
      targetOf(archive),
    );
    expect(code, lines.join("\n")).toBe(0);
    expect(lines).toContain("4 files, 4 packages (one per file).");
    // The 65 MiB file went as parts (at least 8 MiB each), the three small ones inline.
    expect(puts.single).toBe(0);
    expect(puts.parts).toBeGreaterThanOrEqual(2);
    const rows = (await readFile(report, "utf8")).trim().split(/\r?\n/);
    expect(rows).toHaveLength(5);
    for (const file of ["a-letter.txt", "b-letter.txt", "maps/c-map.txt", "scans/d-scan.bin"]) {
      expect(
        rows.find((r) => r.startsWith(file)),
        file,
      ).toMatch(/,INGESTED,/);
    }
    expect(rows.find((r) => r.startsWith("a-letter.txt"))).toContain("run-letter-a");

    // The same id again: taken in the archive, so nothing is sent.
    const again = await folderWith(
      "again",
      { "e-letter.txt": "Another letter.\n" },
      "filename,dc.title,packageId\ne-letter.txt,Another,run-letter-a\n",
    );
    const refused: string[] = [];
    const before = { ...puts };
    const second = await runIngest(
      parseIngestArgs([again, "--report", path.join(temp, "again-report.csv")]),
      (line) => refused.push(line),
      targetOf(archive),
    );
    expect(second).toBe(1);
    expect(refused).toContain(
      '  Row 2: the package id "run-letter-a" is already taken in the archive; choose another, or leave it empty for the archive to choose.',
    );
    expect(puts).toEqual(before);
  }, 240_000);
});

describe("runIngest against an archive without multipart uploads", () => {
  let archive: TestArchive;
  beforeAll(async () => {
    archive = await startTestArchive({ ARCHIVE_MULTIPART: "false" });
  }, 120_000);
  afterAll(async () => {
    await archive?.close();
  });

  it("refuses a file past one PUT's 5 GiB before sending anything", async () => {
    const folder = path.join(temp, "films");
    await mkdir(folder);
    await writeFile(path.join(folder, "short.txt"), "short\n");
    // Sparse: 5 GiB and one byte on no disk space at all.
    const film = await open(path.join(folder, "film.mov"), "w");
    await film.truncate(5 * 1024 ** 3 + 1);
    await film.close();
    const lines: string[] = [];
    const puts = countPuts();
    const code = await runIngest(
      parseIngestArgs([folder, "--report", path.join(temp, "films-report.csv")]),
      (line) => lines.push(line),
      targetOf(archive),
    );
    expect(code).toBe(1);
    expect(lines, lines.join("\n")).toContain(
      '  "film.mov" (5,368,709,121 bytes) is larger than the 5 GB the archive takes in one upload, and it offers no multipart uploads: exclude the file.',
    );
    expect(puts).toEqual({ single: 0, parts: 0 });
  }, 120_000);
});
