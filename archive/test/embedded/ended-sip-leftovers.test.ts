// What a crash between a SIP's end and its cleanup leaves behind: the record under sips/ (with any
// inline content in base64) and a work folder. An INGESTED SIP's record used to stay forever, and
// so did a FAILED SIP's when it held no blobs, and the record of a request cut off before its rows
// were committed; the start-up sweep now finishes all three.
// Skipped when the suite targets another archive (ARCHIVE_BASE_URL).
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isTerminalSipStatus } from "@scriptorium/contract/ingest/schemas";
import { openArchiveDb } from "../../src/db/client";
import { submissions } from "../../src/db/schema";
import { b64 } from "../support/client";
import {
  type ChildArchive,
  childToken,
  freePort,
  startChildArchive,
} from "../support/child-archive";
import { documentRequest } from "../support/fixtures";
import { childArchivesRunHere } from "../support/target";

let dataDir: string;
let child: ChildArchive | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp("/tmp/ended-sip-leftovers-");
});

afterAll(async () => {
  await child?.kill("SIGKILL");
  await rm(dataDir, { recursive: true, force: true });
});

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

async function call(
  method: string,
  url: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(url, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

// Ingests `body` and waits for its terminal status; answers the package id and that status.
async function ingest(url: string, token: string, body: unknown) {
  const accepted = await call("PUT", `${url}/ingest/document`, token, body);
  expect(accepted.status, JSON.stringify(accepted.json)).toBe(201);
  const { packageId, name } = accepted.json as { packageId: string; name: string };
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await call(
      "GET",
      `${url}/ingest/sip/${encodeURIComponent(packageId)}/${name}`,
      token,
    );
    const status = String(answer.json.status);
    if (isTerminalSipStatus(status)) return { packageId, status };
    expect(Date.now()).toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!childArchivesRunHere())("leftovers of ended SIPs", () => {
  it("removes ended SIPs' records and work folders, and old unanswered records, at start; the package still reads back", async () => {
    child = await startChildArchive({ port: await freePort(), dataDir });
    const token = await childToken(child.url);
    const content = b64(`kept once, not twice ${Date.now()}`);
    const ingested = await ingest(
      child.url,
      token,
      documentRequest({ document: { type: "BINARY", name: "note.txt", content } }),
    );
    expect(ingested.status).toBe("INGESTED");
    // Nothing is listening on port 9: the retrieval fails, and the SIP holds no blob.
    const failed = await ingest(
      child.url,
      token,
      documentRequest({
        document: { type: "URL", name: "gone.pdf", content: "http://127.0.0.1:9/gone.pdf" },
      }),
    );
    expect(failed.status).toBe("FAILED");
    await child.kill("SIGKILL");

    // The state a crash right after each SIP's final commit leaves: its record and work folder.
    const opened = await openArchiveDb({ dataDir });
    const leftovers: string[] = [];
    try {
      for (const { packageId } of [ingested, failed]) {
        const [row] = await opened.db
          .select()
          .from(submissions)
          .where(eq(submissions.packageId, packageId));
        expect(row).toBeDefined();
        const record = {
          submissionId: row!.id,
          documents: [{ type: "BINARY", name: "note.txt", content }],
        };
        await writeFile(row!.sipPath, JSON.stringify(record));
        const work = path.join(dataDir, "work", row!.id);
        await mkdir(path.join(work, "bag"), { recursive: true });
        await writeFile(path.join(work, "bag", "entry-1"), "half of something");
        leftovers.push(row!.sipPath, work);
      }
    } finally {
      await opened.close();
    }

    // A record written for a request the crash cut off before its rows were committed (never
    // answered): gone once it is an hour old, kept while it may belong to a request under way.
    const unanswered = path.join(dataDir, "sips", `${randomUUID()}.json`);
    const underWay = path.join(dataDir, "sips", `${randomUUID()}.json`);
    await writeFile(unanswered, JSON.stringify({ documents: [{ content }] }));
    await writeFile(underWay, JSON.stringify({ documents: [{ content }] }));
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(unanswered, twoHoursAgo, twoHoursAgo);
    leftovers.push(unanswered);

    child = await startChildArchive({ port: await freePort(), dataDir });
    const deadline = Date.now() + 30_000;
    let there = await Promise.all(leftovers.map(exists));
    for (;;) {
      const present = leftovers.filter((_, k) => there[k]);
      if (present.length === 0) break;
      expect(Date.now(), `still there after the restart: ${present.join(", ")}`).toBeLessThan(
        deadline,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      there = await Promise.all(leftovers.map(exists));
    }

    expect(await exists(underWay)).toBe(true);

    const again = await childToken(child.url);
    const read = await call("POST", `${child.url}/preservation/RetrievePO`, again, {
      poId: ingested.packageId,
      sor: "PO",
    });
    const po = (read.json.po as { id: string; binaryData?: { value: string } }[] | undefined) ?? [];
    expect(po.find((p) => p.id === "note.txt")?.binaryData?.value).toBe(content);
    await child.kill("SIGTERM");
  }, 240_000);
});
