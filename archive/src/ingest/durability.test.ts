import { describe, expect, it } from "vitest";
import { groupCommit } from "./durability";

// A sync whose end the test decides, recording when each one started.
function manualSyncs() {
  const started: { finish(): void; fail(error: Error): void }[] = [];
  const syncAll = () =>
    new Promise<void>((resolve, reject) => {
      started.push({ finish: resolve, fail: reject });
    });
  return { started, syncAll };
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe("groupCommit", () => {
  it("answers a caller only after a sync that started after its call", async () => {
    const { started, syncAll } = manualSyncs();
    const sync = groupCommit(syncAll);
    const first = sync();
    expect(started).toHaveLength(1);
    // This caller's commit may have missed the sync under way: it must wait for the next one.
    const second = sync();
    started[0]!.finish();
    expect(await settled(first)).toBe(true);
    expect(await settled(second)).toBe(false);
    expect(started).toHaveLength(2);
    started[1]!.finish();
    expect(await settled(second)).toBe(true);
  });

  it("lets the callers that arrive during one sync share the next", async () => {
    const { started, syncAll } = manualSyncs();
    const sync = groupCommit(syncAll);
    const first = sync();
    const waiting = [sync(), sync(), sync()];
    started[0]!.finish();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toHaveLength(2);
    started[1]!.finish();
    await Promise.all(waiting);
    expect(started).toHaveLength(2);
  });

  it("passes a failed sync on to its callers, and the next caller syncs again", async () => {
    const { started, syncAll } = manualSyncs();
    const sync = groupCommit(syncAll);
    const failing = sync();
    started[0]!.fail(new Error("disk full"));
    await expect(failing).rejects.toThrow("disk full");
    const after = sync();
    expect(started).toHaveLength(2);
    started[1]!.finish();
    await expect(after).resolves.toBeUndefined();
  });
});
