import { describe, expect, it } from "vitest";
import {
  QUEUED,
  SETTLING_EVERY_MS,
  STATUS_EVERY_MS,
  statusReadDelay,
  type ItemState,
} from "./queue-state";

const sent = (status: string): ItemState => ({
  kind: "sent",
  packageId: "p",
  submissionName: "sip-1",
  status,
});

describe("the batch page's next status read", () => {
  it("comes soon once every package is sent and the last read brought news", () => {
    expect(statusReadDelay([sent("INGESTED"), sent("PROCESSING")], 40)).toBe(SETTLING_EVERY_MS);
    expect(SETTLING_EVERY_MS).toBeLessThan(STATUS_EVERY_MS);
  });

  it("waits the usual interval while packages are still to be sent, or when nothing changed", () => {
    expect(statusReadDelay([QUEUED, sent("PROCESSING")], 40)).toBe(STATUS_EVERY_MS);
    expect(statusReadDelay([{ kind: "sending", attempt: 1 }, sent("PENDING")], 40)).toBe(
      STATUS_EVERY_MS,
    );
    expect(statusReadDelay([sent("PROCESSING"), { kind: "failed", message: "x" }], 0)).toBe(
      STATUS_EVERY_MS,
    );
  });
});
