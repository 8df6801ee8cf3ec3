// A batch's status reads walk its unfinished packages in turn, at most REFRESH_PER_READ a read; where
// each batch's walk stands is the server container's, so every route module of the process shares
// it and a reset server starts again from the first.
import { afterEach, describe, expect, it } from "vitest";
import type { ApiDeps } from "@/lib/api/deps";
import { sessionOf } from "@/lib/api/testing/harness";
import { getBatchRefreshCursors, resetServer } from "@/lib/server/container";
import type { BatchItemStatus } from "./api-schemas";
import { REFRESH_PER_READ, refreshBatchItems, SETTLING_PER_READ } from "./refresh";

const asked: string[] = [];
const enrichers: unknown[] = [];
const journalled: unknown[][] = [];
const catalogued: unknown[][] = [];
const deps = {
  getUpstreamToken: async () => "token",
  ingest: {
    sipStatus: async (call: { enrichers: unknown }, packageId: string) => {
      asked.push(packageId);
      enrichers.push(call.enrichers);
      return { body: { packageId, status: packageId === "pkg-0" ? "INGESTED" : "PROCESSING" } };
    },
  },
  journal: { recordSubmissions: async (entries: unknown[]) => void journalled.push(entries) },
  catalogue: {
    sipStatuses: async (_tenant: string, reads: unknown[]) => void catalogued.push(reads),
  },
} as unknown as ApiDeps;

const items = (count: number): BatchItemStatus[] =>
  Array.from({ length: count }, (_, i) => ({
    key: `file-${i}`,
    title: null,
    packageId: `pkg-${i}`,
    submissionName: "sip-1",
    state: "sent",
    status: "PROCESSING",
    message: null,
  }));

const batchOf = (id: string) => ({
  id,
  profile: "default",
  owner: { id: "archivist", name: "Ada Archivist" },
});

const read = async (batchId: string, list: BatchItemStatus[]) => {
  asked.length = 0;
  await refreshBatchItems(
    batchOf(batchId),
    list,
    sessionOf("archivist"),
    deps,
    new AbortController().signal,
  );
  return [...new Set(asked)].sort((a, b) => Number(a.slice(4)) - Number(b.slice(4)));
};

afterEach(() => {
  resetServer();
  enrichers.length = 0;
  journalled.length = 0;
  catalogued.length = 0;
});

describe("the batch status reads", () => {
  it("ask about the next unfinished packages each read, where the container's cursor says", async () => {
    const batch = items(150);
    const first = await read("batch-a", batch);
    expect(first).toHaveLength(REFRESH_PER_READ);
    expect(first[0]).toBe("pkg-0");
    expect(getBatchRefreshCursors().get("batch-a")?.next).toBe(REFRESH_PER_READ);
    expect(batch[0]!.status).toBe("INGESTED");

    // pkg-0 has ended: 149 left, the walk goes on from where it stopped.
    const second = await read("batch-a", batch);
    expect(second).toHaveLength(REFRESH_PER_READ);
    expect(second).not.toContain("pkg-0");
    expect(second).toContain("pkg-149");
    expect(getBatchRefreshCursors().get("batch-a")?.next).toBe(2 * REFRESH_PER_READ);

    // Another batch has its own cursor.
    await read("batch-b", items(3));
    expect(getBatchRefreshCursors().get("batch-b")?.next).toBe(3);
    expect(getBatchRefreshCursors().get("batch-a")?.next).toBe(2 * REFRESH_PER_READ);
  });

  it("return the packages whose status changed, journalling and cataloguing only those, in one call each", async () => {
    const batch = items(3);
    const changed = await refreshBatchItems(
      batchOf("batch-e"),
      batch,
      sessionOf("archivist"),
      deps,
      new AbortController().signal,
    );
    expect(changed.map((item) => [item.key, item.status])).toEqual([["file-0", "INGESTED"]]);
    expect(journalled).toEqual([[expect.objectContaining({ status: "INGESTED" })]]);
    expect(catalogued).toHaveLength(1);
    expect(catalogued[0]).toHaveLength(1);
    // Each is asked for its status alone; the one that ended once more for the plugins' outcome
    // (the journal's), its metadata and formats (the catalogue's).
    expect(enrichers.filter((e) => (e as unknown[]).length === 0)).toHaveLength(3);
    expect(enrichers.filter((e) => (e as unknown[]).length > 0)).toEqual([
      ["pluginreports", "metadata", "representations"],
    ]);
  });

  it("ask with the plugins' outcome, metadata and formats at once after a read that found most ended", async () => {
    // pkg-0 has ended, the others go on: the status alone first, as before.
    const going = items(4);
    await refreshBatchItems(
      batchOf("batch-q"),
      going,
      sessionOf("archivist"),
      deps,
      new AbortController().signal,
    );
    expect(getBatchRefreshCursors().get("batch-q")?.mostlyEnded).toBe(false);

    // A read where most have ended (pkg-0 answers INGESTED wherever it stands in the list).
    enrichers.length = 0;
    const mostly = [...items(1), ...items(1)].map((item, i) => ({ ...item, key: `file-${i}` }));
    await refreshBatchItems(
      batchOf("batch-q"),
      mostly,
      sessionOf("archivist"),
      deps,
      new AbortController().signal,
    );
    expect(enrichers.filter((e) => (e as unknown[]).length === 0)).toHaveLength(2);
    expect(getBatchRefreshCursors().get("batch-q")?.mostlyEnded).toBe(true);

    // The next read asks each package once, with everything: one call each, what ended recorded.
    enrichers.length = 0;
    const next = items(3);
    const changed = await refreshBatchItems(
      batchOf("batch-q"),
      next,
      sessionOf("archivist"),
      deps,
      new AbortController().signal,
    );
    expect(enrichers).toEqual(Array(3).fill(["pluginreports", "metadata", "representations"]));
    expect(changed.map((item) => [item.key, item.status])).toEqual([["file-0", "INGESTED"]]);
    // One of three ended: the read after it asks for the status alone again.
    expect(getBatchRefreshCursors().get("batch-q")?.mostlyEnded).toBe(false);
  });

  it("ask about more packages at once when the page says it has sent every one", async () => {
    asked.length = 0;
    await refreshBatchItems(
      batchOf("batch-s"),
      items(400),
      sessionOf("archivist"),
      deps,
      new AbortController().signal,
      { settling: true },
    );
    expect(new Set(asked).size).toBe(SETTLING_PER_READ);
    expect(SETTLING_PER_READ).toBeGreaterThan(REFRESH_PER_READ);
    expect(getBatchRefreshCursors().get("batch-s")?.next).toBe(SETTLING_PER_READ);
  });

  it("forgets a batch with nothing unfinished, and every batch when the server is reset", async () => {
    await read("batch-c", items(5));
    expect(getBatchRefreshCursors().has("batch-c")).toBe(true);
    const ended = items(5).map((item) => ({ ...item, status: "INGESTED" }));
    expect(await read("batch-c", ended)).toEqual([]);
    expect(getBatchRefreshCursors().has("batch-c")).toBe(false);

    await read("batch-d", items(150));
    resetServer();
    expect(getBatchRefreshCursors().has("batch-d")).toBe(false);
    expect((await read("batch-d", items(150)))[0]).toBe("pkg-0");
  });
});
