// The sweep that seals the versions the ingest API adds: a tenant's versions of one pass share one
// time-stamp and one hash tree, another tenant's get their own, every record keeps its PO's name
// (the same names in different versions included) and validates against its PO's bytes alone.
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openTestStore } from "../db/test-store";
import { generateTsaKey, loadTsa, validateEvidenceRecord } from "../evidence";
import { packages } from "../db/schema";
import { createPackageVersion, getVersion, getVersions, readTrace } from "../ingest/store";
import { sealPending } from "./seal";
import { sealedVersions } from "./tables";

const tsa = loadTsa(generateTsaKey(new Date(Date.now() - 86_400_000)).privateJwk);

const store = openTestStore("seal-sweep-");

// A package of `tenant` whose one version holds note.txt with `text`, as the ingest API adds it.
async function ingested(tenant: string, text: string) {
  const packageId = `p-${randomUUID()}`;
  const content = Buffer.from(text);
  const staged = await store.blobs.receive(Readable.from([content]), { maxBytes: content.length });
  await store.blobs.commit(staged);
  await createPackageVersion(store.opened.db, {
    tenant,
    packageId,
    profile: "default",
    subject: "test",
    metadatas: [{ schema: "http://purl.org/dc/elements/1.1/", metadata: { title: text } }],
    files: [
      {
        name: "note.txt",
        mimeType: "text/plain",
        puid: null,
        formatName: null,
        sha256: staged.sha256,
        size: content.length,
        blob: staged.sha256,
        metadatas: [],
      },
    ],
  });
  return { packageId, content };
}

const sealedOf = async (packageId: string) =>
  (
    await store.opened.db
      .select()
      .from(sealedVersions)
      .where(eq(sealedVersions.packageId, packageId))
      .orderBy(asc(sealedVersions.version))
  )[0];

describe("sealPending", () => {
  it("seals a tenant's new versions under one time-stamp, each record valid on its own", async () => {
    const ours = [
      await ingested("seal-a", `first ${randomUUID()}`),
      await ingested("seal-a", `second ${randomUUID()}`),
      await ingested("seal-a", `third ${randomUUID()}`),
    ];
    const theirs = await ingested("seal-b", `other ${randomUUID()}`);

    expect(await sealPending({ db: store.opened.db, blobs: store.blobs, tsa })).toBe(4);

    const rows = await Promise.all(ours.map((o) => sealedOf(o.packageId)));
    const other = await sealedOf(theirs.packageId);
    expect(new Set(rows.map((r) => r?.root)).size).toBe(1);
    expect(new Set(rows.map((r) => r?.evidenceTime.getTime())).size).toBe(1);
    expect(other?.root).toBeDefined();
    expect(other?.root).not.toBe(rows[0]?.root);

    for (const [i, row] of rows.entries()) {
      const record = row!.records.find((r) => r.id === "note.txt");
      expect(record, `the record of ${ours[i]!.packageId}'s note.txt`).toBeDefined();
      for (const form of [record!.xml, Buffer.from(record!.der, "base64")]) {
        const own = await validateEvidenceRecord({
          record: form,
          dataObject: ours[i]!.content,
          trustedKeys: [tsa.publicJwk],
        });
        expect(own.valid).toBe(true);
        const neighbour = await validateEvidenceRecord({
          record: form,
          dataObject: ours[(i + 1) % ours.length]!.content,
          trustedKeys: [tsa.publicJwk],
        });
        expect(neighbour.valid).toBe(false);
      }
    }
    expect(await sealPending({ db: store.opened.db, blobs: store.blobs, tsa })).toBe(0);
  });

  it("traces each version it seals once, and leaves a package deleted meanwhile unsealed", async () => {
    const kept = [
      await ingested("seal-c", `kept ${randomUUID()}`),
      await ingested("seal-c", `kept too ${randomUUID()}`),
    ];
    const gone = await ingested("seal-c", `gone ${randomUUID()}`);
    await store.opened.db
      .update(packages)
      .set({ deletedAt: new Date() })
      .where(and(eq(packages.tenant, "seal-c"), eq(packages.packageId, gone.packageId)));

    await sealPending({ db: store.opened.db, blobs: store.blobs, tsa });

    for (const { packageId } of kept) {
      expect((await sealedOf(packageId))?.version).toBe(1);
      const events = await readTrace(store.opened.db, "seal-c", packageId);
      expect(events.filter((e) => e.operation === "evidence created")).toMatchObject([
        { subject: "archive", object: `${packageId}@1` },
      ]);
    }
    expect(await sealedOf(gone.packageId)).toBeUndefined();
    const goneEvents = await readTrace(store.opened.db, "seal-c", gone.packageId);
    expect(goneEvents.filter((e) => e.operation === "evidence created")).toEqual([]);
  });
});

// After the sweep's tests: the versions made here stay unsealed.
describe("getVersions", () => {
  it("reads several versions as getVersion reads each, in the order asked, leaving out missing ones", async () => {
    const a = await ingested("versions-a", `a ${randomUUID()}`);
    const b = await ingested("versions-a", `b ${randomUUID()}`);
    const keys = [
      { packageId: b.packageId, version: 1 },
      { packageId: a.packageId, version: 2 },
      { packageId: a.packageId, version: 1 },
      { packageId: `p-${randomUUID()}`, version: 1 },
    ];
    const each = await Promise.all(
      [keys[0]!, keys[2]!].map((k) =>
        getVersion(store.opened.db, "versions-a", k.packageId, k.version),
      ),
    );
    expect(await getVersions(store.opened.db, "versions-a", keys)).toEqual(each);
    expect(await getVersions(store.opened.db, "versions-b", keys)).toEqual([]);
  });
});
