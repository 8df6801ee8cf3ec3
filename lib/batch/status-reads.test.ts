import { describe, expect, it } from "vitest";
import type { QueueItem, QueueSnapshot } from "./queue";
import { QUEUED, type ItemState } from "./queue-state";
import { STATUS_EVERY_MS, STATUS_WHILE_SENDING_MS, statusReadDue } from "./status-reads";

const item = (key: string, state: ItemState): QueueItem => ({ key, title: null, files: [], state });
const sent = (status: string): ItemState => ({
  kind: "sent",
  packageId: "pkg",
  submissionName: "sip",
  status,
});
const running = (...items: QueueItem[]): QueueSnapshot => ({ mode: { kind: "running" }, items });

describe("the batch page's status reads", () => {
  it("read at once the first time, even with every package still to send", () => {
    expect(statusReadDue(running(item("a", QUEUED)), Infinity)).toBe(true);
  });

  it("come less often while packages are still being sent", () => {
    const batch = running(
      item("a", sent("PROCESSING")),
      item("b", { kind: "uploading", attempt: 1, loaded: 0, total: 10 }),
    );
    expect(statusReadDue(batch, STATUS_EVERY_MS)).toBe(false);
    expect(statusReadDue(batch, STATUS_WHILE_SENDING_MS)).toBe(true);
  });

  it("come every time once every package is sent, until every SIP has ended", () => {
    const batch = running(item("a", sent("INGESTED")), item("b", sent("PENDING")));
    expect(statusReadDue(batch, STATUS_EVERY_MS)).toBe(true);
    const over = running(item("a", sent("INGESTED")), item("b", sent("FAILED")));
    expect(statusReadDue(over, Infinity)).toBe(false);
  });

  it("stop while the queue is paused, and go on for the sent packages of a cancelled batch", () => {
    const items = [item("a", sent("PROCESSING")), item("b", { kind: "cancelled" })];
    const paused = { mode: { kind: "paused", reason: "person" }, items } as const;
    expect(statusReadDue(paused, Infinity)).toBe(false);
    expect(statusReadDue({ mode: { kind: "cancelled" }, items }, STATUS_EVERY_MS)).toBe(true);
  });
});
