// The renewal schedule over a real database and blob store: which versions are due (a weak hash
// algorithm first, for a hash-tree renewal; then time-stamps older than the renewal age), how the
// environment sets the policy, and one pass of the schedule renewing exactly those, after which the
// records still validate and nothing is due any more.
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { openTestStore } from "../db/test-store";
import { loadArchiveConfig } from "../config";
import { packages, traceEvents } from "../db/schema";
import { generateTsaKey, loadTsa, validateEvidenceRecord } from "../evidence";
import { renewalPolicy } from "../jobs/schedules";
import type { PoEntry } from "./manifest";
import { dueVersions, renewDue, type RenewalPolicy } from "./renewal";
import { recordSealing, sealEntries } from "./seal";
import { sealedVersions } from "./tables";

const DAY = 86_400_000;
// A key older than every seal below, so its certificate covers their time-stamps.
const tsa = loadTsa(generateTsaKey(new Date(Date.now() - 500 * DAY)).privateJwk);
const policy: RenewalPolicy = { maxAgeDays: 30, weakAlgorithms: ["sha1"] };

const store = openTestStore("renewal-schedule-");

// An object whose one version was sealed `ageDays` ago, its content in the blob store.
async function sealedObject(label: string, ageDays: number) {
  const packageId = `${label}-${randomUUID()}`;
  const content = Buffer.from(`${label} ${randomUUID()}`);
  const staged = await store.blobs.receive(Readable.from([content]), { maxBytes: content.length });
  await store.blobs.commit(staged);
  const entries: PoEntry[] = [
    {
      id: `${label}.txt`,
      kind: "data",
      sha256: staged.sha256,
      size: content.length,
      mimeType: "text/plain",
    },
  ];
  const sealing = await sealEntries(tsa, entries, new Date(Date.now() - ageDays * DAY));
  await store.opened.db
    .insert(packages)
    .values({ tenant: "demo", packageId, profile: "default", latestVersion: 1 });
  const key = { tenant: "demo", packageId, version: 1, subject: "test" };
  expect(await recordSealing(store.opened.db, key, entries, sealing)).toBe(true);
  return { packageId, content };
}

const where = (packageId: string) =>
  and(eq(sealedVersions.tenant, "demo"), eq(sealedVersions.packageId, packageId));

async function rowOf(packageId: string) {
  const [row] = await store.opened.db.select().from(sealedVersions).where(where(packageId));
  return row!;
}

const due = async (p: RenewalPolicy, limit = 50) =>
  (await dueVersions(store.opened.db, p, new Date(), limit)).map(({ row, mode }) => [
    row.packageId,
    mode,
  ]);

describe("the renewal schedule", () => {
  let old: { packageId: string; content: Buffer };
  let older: { packageId: string; content: Buffer };
  let fresh: { packageId: string; content: Buffer };
  let weak: { packageId: string; content: Buffer };
  let weakWithoutData: { packageId: string; content: Buffer };

  beforeAll(async () => {
    old = await sealedObject("old", 40);
    older = await sealedObject("older", 400);
    fresh = await sealedObject("fresh", 1);
    weak = await sealedObject("weak", 1);
    weakWithoutData = await sealedObject("weak-deleted", 1);
    // As if sealed when SHA-1 was still trusted; the second one's data was since deleted.
    await store.opened.db
      .update(sealedVersions)
      .set({ digestAlgorithm: "sha1" })
      .where(where(weak.packageId));
    await store.opened.db
      .update(sealedVersions)
      .set({ digestAlgorithm: "sha1", dataDeletedAt: new Date() })
      .where(where(weakWithoutData.packageId));
  }, 60_000);

  it("takes its policy from ARCHIVE_EVIDENCE_RENEWAL_DAYS and ARCHIVE_EVIDENCE_WEAK_ALGORITHMS", () => {
    const env = (vars: Record<string, string>) =>
      renewalPolicy(loadArchiveConfig(vars as unknown as NodeJS.ProcessEnv));
    expect(env({})).toEqual({ maxAgeDays: 730, weakAlgorithms: ["sha1"] });
    expect(
      env({
        ARCHIVE_EVIDENCE_RENEWAL_DAYS: "30",
        ARCHIVE_EVIDENCE_WEAK_ALGORITHMS: " SHA1, md5 ,",
      }),
    ).toEqual({ maxAgeDays: 30, weakAlgorithms: ["sha1", "md5"] });
    expect(
      env({ ARCHIVE_EVIDENCE_RENEWAL_DAYS: "0", ARCHIVE_EVIDENCE_WEAK_ALGORITHMS: "" }),
    ).toEqual({ maxAgeDays: 0, weakAlgorithms: [] });
  });

  it("finds a weak algorithm first (hash-tree), then time-stamps past the age, oldest first", async () => {
    expect(await due(policy)).toEqual([
      [weak.packageId, "hashtree"],
      [older.packageId, "timestamp"],
      [old.packageId, "timestamp"],
    ]);
    expect(await due(policy, 2)).toEqual([
      [weak.packageId, "hashtree"],
      [older.packageId, "timestamp"],
    ]);
    // Age 0: only weak algorithms; no weak algorithm: only age.
    expect(await due({ maxAgeDays: 0, weakAlgorithms: ["sha1"] })).toEqual([
      [weak.packageId, "hashtree"],
    ]);
    expect(await due({ maxAgeDays: 100, weakAlgorithms: [] })).toEqual([
      [older.packageId, "timestamp"],
    ]);
    expect(await due({ maxAgeDays: 0, weakAlgorithms: [] })).toEqual([]);
  });

  it("renews what is due in one pass, records it, and leaves nothing due", async () => {
    expect(await renewDue({ db: store.opened.db, blobs: store.blobs, tsa }, policy)).toBe(3);
    expect(await due(policy)).toEqual([]);

    const renewedWeak = await rowOf(weak.packageId);
    expect(renewedWeak).toMatchObject({ digestAlgorithm: "sha512", renewals: 1 });
    for (const { packageId } of [old, older]) {
      const row = await rowOf(packageId);
      expect(row.renewals, packageId).toBe(1);
      expect(Date.now() - row.lastStampAt!.getTime(), packageId).toBeLessThan(DAY);
    }
    for (const { packageId } of [fresh, weakWithoutData]) {
      expect((await rowOf(packageId)).renewals, packageId).toBe(0);
    }

    const events = await store.opened.db
      .select()
      .from(traceEvents)
      .where(eq(traceEvents.operation, "evidence renewed"));
    expect(events.map((e) => [e.packageId, e.subject]).sort()).toEqual(
      [old, older, weak].map((o) => [o.packageId, "archive (renewal schedule)"]).sort(),
    );

    // The renewed records still prove their data, and no other.
    for (const { packageId, content } of [old, weak]) {
      const record = (await rowOf(packageId)).records[0]!;
      for (const form of [record.xml, Buffer.from(record.der, "base64")]) {
        const valid = await validateEvidenceRecord({
          record: form,
          dataObject: content,
          trustedKeys: [tsa.publicJwk],
        });
        expect(valid.valid, packageId).toBe(true);
        const other = await validateEvidenceRecord({
          record: form,
          dataObject: Buffer.from(`${content.toString()}!`),
          trustedKeys: [tsa.publicJwk],
        });
        expect(other.valid, packageId).toBe(false);
      }
    }
  });
});
