// Scheduled fixity audits and evidence renewal, on a child archive whose audit interval is about a
// second: a byte flipped on disk is found and reported with the object and the file named, the
// trace records every audit and renewal, and renewed evidence still validates. Skipped when the
// suite targets another archive (ARCHIVE_BASE_URL).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, open, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type ChildArchive,
  childToken,
  freePort,
  startChildArchive,
} from "../support/child-archive";
import { PDF } from "../support/fixtures";
import { childArchivesRunHere } from "../support/target";

let dataDir: string;
let child: ChildArchive | undefined;
let admin: string;
let archivist: string;

// Answers are read loosely: the test looks at whichever fields it asserts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

const b64 = (bytes: Buffer | string) => Buffer.from(bytes).toString("base64");
const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

async function pres(op: string, token: string, body: Record<string, unknown>) {
  const response = await fetch(`${child!.url}/preservation/${op}`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      "X-Vendor-Repository": "demo",
    },
    body: JSON.stringify({ reqId: `t-${Date.now()}`, ...body }),
  });
  const json = (await response.json()) as Record<string, Loose>;
  return { status: response.status, json };
}

async function ok(op: string, token: string, body: Record<string, unknown>) {
  const answer = await pres(op, token, body);
  expect(answer.json.result?.maj, JSON.stringify(answer.json.result)).toMatch(
    /resultmajor:Success$/i,
  );
  return answer.json;
}

const trace = async (poId: string) =>
  (await ok("RetrieveTrace", archivist, { poId })).trace.event as {
    op: string;
    det?: string;
    obj?: string;
  }[];

describe.skipIf(!childArchivesRunHere())("fixity audits and evidence renewal", () => {
  beforeAll(async () => {
    dataDir = await mkdtemp("/tmp/fixity-");
    child = await startChildArchive({
      port: await freePort(),
      dataDir,
      env: {
        // About a second: an object is audited again a second after its last audit.
        ARCHIVE_FIXITY_INTERVAL_HOURS: "0.0003",
        ARCHIVE_FIXITY_BUDGET_MIBPS: "0",
        ARCHIVE_FIXITY_PAUSE_MS: "0",
      },
    });
    admin = await childToken(child.url, "demo-admin", "demo-admin-secret");
    archivist = await childToken(child.url);
  }, 120_000);

  afterAll(async () => {
    await child?.kill("SIGTERM");
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("audits every object, finds a flipped byte and names the object and the file", async () => {
    const text = `Minutes of the board, ${Date.now()}`;
    const healthy = (
      await ok("PreservePO", archivist, {
        pro: "urn:scriptorium:profile:general:1.0",
        po: [{ id: "minutes.txt", binaryData: { value: b64(text) } }],
      })
    ).poId as string;
    const harmed = (
      await ok("PreservePO", archivist, {
        pro: "urn:scriptorium:profile:general:1.0",
        po: [
          { id: "contract.pdf", binaryData: { value: b64(PDF) } },
          { id: "annex.txt", binaryData: { value: b64(`Annex ${Date.now()}`) } },
        ],
      })
    ).poId as string;

    const blob = path.join(dataDir, "blobs", "sha256", sha256(PDF).slice(0, 2), sha256(PDF));
    const file = await open(blob, "r+");
    const byte = Buffer.alloc(1);
    await file.read(byte, 0, 1, 100);
    await file.write(Buffer.from([byte[0]! ^ 0x01]), 0, 1, 100);
    await file.close();

    const report = await vi.waitFor(
      async () => {
        const body = await ok("RetrieveFixityReport", admin, {});
        expect(body.report.failed).toBe(1);
        expect(body.report.passed).toBeGreaterThanOrEqual(1);
        return body.report;
      },
      { timeout: 60_000, interval: 500 },
    );
    expect(report.failures).toEqual([
      expect.objectContaining({
        poId: harmed,
        file: "contract.pdf",
        detail: expect.stringMatching(/hash to SHA-256 [0-9a-f]{64}, not [0-9a-f]{64}/),
      }),
    ]);
    expect(report.notChecked).toBe(report.objects - report.checked);
    expect(report.bytesChecked).toBeGreaterThan(0);

    const harmedTrace = await trace(harmed);
    expect(harmedTrace).toContainEqual(
      expect.objectContaining({
        op: "fixity check",
        obj: "contract.pdf",
        det: expect.stringMatching(/^failed: "contract\.pdf"/),
      }),
    );
    expect(await trace(healthy)).toContainEqual(
      expect.objectContaining({
        op: "fixity check",
        det: expect.stringMatching(/^passed: 1 file/),
      }),
    );
    expect(child!.output()).toMatch(
      new RegExp(
        `fixity check failed: object "${harmed}" \\(tenant demo\\), file "contract\\.pdf"`,
      ),
    );
  }, 90_000);

  it("answers the fixity report only to admins", async () => {
    const answer = await pres("RetrieveFixityReport", archivist, {});
    expect(answer.status).toBe(403);
    expect(answer.json.result.min).toMatch(/noPermission$/);
  });

  it("renews evidence for admins, records it in the trace, and the renewed record validates", async () => {
    const text = `Charter ${Date.now()}`;
    const poId = (
      await ok("PreservePO", archivist, {
        pro: "urn:scriptorium:profile:general:1.0",
        po: [{ id: "charter.txt", binaryData: { value: b64(text) } }],
      })
    ).poId as string;
    const refused = await pres("RenewEvidence", archivist, { poId });
    expect(refused.status).toBe(403);

    for (const mode of ["timestamp", "hashtree"]) {
      const body = await ok("RenewEvidence", admin, { poId, mode });
      expect(body.renewed).toEqual([
        expect.objectContaining({
          versionId: "1",
          mode,
          algorithm: mode === "hashtree" ? "sha512" : expect.any(String),
        }),
      ]);
    }
    const events = (await trace(poId)).filter((e) => e.op === "evidence renewed");
    expect(events.map((e) => e.det)).toEqual([
      expect.stringMatching(/^time-stamp renewal/),
      expect.stringMatching(/^hash-tree renewal/),
    ]);

    for (const evFormat of ["urn:ietf:rfc:4998", "urn:ietf:rfc:6283"]) {
      const po = (await ok("RetrievePO", archivist, { poId, sor: "Evidence", evFormat }))
        .po as Record<string, Loose>[];
      const record = po[0]!;
      const ev =
        evFormat === "urn:ietf:rfc:6283"
          ? { xmlData: { b64Content: record.xmlData.b64Content }, formatId: evFormat }
          : { binaryData: { value: record.binaryData.value }, formatId: evFormat };
      const valid = await ok("ValidateEvidence", archivist, {
        ev,
        po: [{ id: "charter.txt", binaryData: { value: b64(text) } }],
      });
      const report = Buffer.from(
        valid.valRep.binaryData?.value ?? valid.valRep.xmlData.b64Content,
        "base64",
      ).toString();
      expect(report).toContain("<Result>valid</Result>");
      const tampered = await ok("ValidateEvidence", archivist, {
        ev,
        po: [{ id: "charter.txt", binaryData: { value: b64(`${text}!`) } }],
      });
      expect(tampered).not.toHaveProperty("poe");
    }
  }, 90_000);
});

describe.skipIf(!childArchivesRunHere())("npm run archive -- renew-evidence", () => {
  it("renews every object's evidence from the command line once the archive is stopped", async () => {
    const folder = await mkdtemp("/tmp/renew-command-");
    try {
      const archive = await startChildArchive({ port: await freePort(), dataDir: folder });
      const token = await childToken(archive.url);
      const response = await fetch(`${archive.url}/preservation/PreservePO`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          pro: "urn:scriptorium:profile:general:1.0",
          po: [{ id: "deed.txt", binaryData: { value: b64(`Deed ${Date.now()}`) } }],
        }),
      });
      const { poId } = (await response.json()) as { poId: string };
      // PGlite serves one process: while the archive runs, the command is refused.
      const busy = await runCommand(folder, ["renew-evidence", "--all"]);
      expect(busy.code).toBe(1);
      expect(busy.output).toMatch(/is open in another process/);
      await archive.kill("SIGTERM");

      const wrong = await runCommand(folder, ["renew-evidence", "--mode", "sideways", poId]);
      expect(wrong.code).toBe(1);
      expect(wrong.output).toMatch(/--mode must be timestamp or hashtree/);

      const renewed = await runCommand(folder, ["renew-evidence", "--mode", "hashtree", poId]);
      expect(renewed.output).toMatch(
        new RegExp(`demo/${poId} version 1: hashtree renewal, sha512 time-stamp at `),
      );
      expect(renewed.output).toMatch(/Renewed the evidence of 1 object\(s\)\./);
      expect(renewed.code).toBe(0);

      const unknown = await runCommand(folder, ["renew-evidence", "no-such-object"]);
      expect(unknown.output).toMatch(/no-such-object: no such object/);
      expect(unknown.code).toBe(1);

      // Started again with a renewal age under a second, the schedule's first look (at start)
      // finds the time-stamp the command made due and renews it on its own.
      const again = await startChildArchive({
        port: await freePort(),
        dataDir: folder,
        env: { ARCHIVE_EVIDENCE_RENEWAL_DAYS: "0.00001" },
      });
      try {
        const events = await vi.waitFor(
          async () => {
            const answer = await fetch(`${again.url}/preservation/RetrieveTrace`, {
              method: "POST",
              headers: {
                Authorization: `Bearer ${await childToken(again.url)}`,
                "Content-Type": "application/json",
              },
              body: JSON.stringify({ poId }),
            });
            const body = (await answer.json()) as {
              trace: { event: { op: string; sub?: string; det?: string }[] };
            };
            const renewals = body.trace.event.filter((e) => e.op === "evidence renewed");
            expect(renewals).toHaveLength(2);
            return renewals;
          },
          { timeout: 30_000, interval: 500 },
        );
        expect(events[1]).toMatchObject({
          sub: "archive (renewal schedule)",
          det: expect.stringMatching(/^time-stamp renewal of 1 evidence record/),
        });
      } finally {
        await again.kill("SIGTERM");
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 300_000);
});

// Runs `src/main.ts <args>` on a data folder, answering its exit code and output.
function runCommand(dataDir: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const command = spawn(process.execPath, ["--import", "tsx", "src/main.ts", ...args], {
      cwd: fileURLToPath(new URL("../..", import.meta.url)),
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "/tmp",
        ARCHIVE_DATA_DIR: dataDir,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    command.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    command.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    command.once("error", reject);
    command.once("exit", (code) => resolve({ code: code ?? -1, output }));
  });
}
