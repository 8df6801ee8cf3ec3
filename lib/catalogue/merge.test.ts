// How facts from several sources settle an object's state, a waiting deletion request included.
import { describe, expect, it } from "vitest";
import { mergeFacts, nextState, type CatalogueFacts, type CatalogueRowValues } from "./merge";

const now = new Date("2025-03-01T12:00:00Z");
const tenant = "demo";
const poId = "p-1";

// The row after each of `steps`, merged in turn from nothing.
function after(...steps: Omit<CatalogueFacts, "tenant" | "poId">[]): CatalogueRowValues {
  let row: CatalogueRowValues | null = null;
  for (const step of steps) row = mergeFacts(row, { tenant, poId, ...step }, now);
  return row!;
}

const request = { state: "deletion-requested", deletionRequest: { at: now, by: "Alan" } } as const;
const ended = { deletionRequest: null } as const;

describe("nextState", () => {
  it("lets the archive win, but never lets a later submission undo an ingest or a deletion", () => {
    expect(nextState(null, "ingesting", false)).toBe("ingesting");
    expect(nextState("ingested", "ingesting", false)).toBe("ingested");
    expect(nextState("ingested", "failed", false)).toBe("ingested");
    expect(nextState("ingesting", "failed", false)).toBe("failed");
    expect(nextState("deleted", "ingested", false)).toBe("deleted");
    expect(nextState("deleted", "ingested", true)).toBe("ingested");
    expect(nextState("ingested", "deleted", true)).toBe("deleted");
  });
});

describe("a deletion request", () => {
  it("shows while it waits, and the archive answering the object does not end it", () => {
    const row = after({ state: "ingested", fromArchive: true }, request, {
      state: "ingested",
      fromArchive: true,
    });
    expect(row).toMatchObject({
      state: "deletion-requested",
      stateBeforeRequest: "ingested",
      deletionRequestedBy: "Alan",
    });
  });

  it("withdrawn or rejected, gives back the state the object had before it", () => {
    expect(after({ state: "ingested", fromArchive: true }, request, ended)).toMatchObject({
      state: "ingested",
      stateBeforeRequest: null,
      deletionRequestedAt: null,
    });
    expect(after({ state: "ingesting" }, request, ended).state).toBe("ingesting");
    expect(after({ state: "failed" }, request, ended).state).toBe("failed");
  });

  it("ended, gives the state news brought meanwhile (a SIP that finished while it waited)", () => {
    const row = after({ state: "ingesting" }, request, { state: "ingested" });
    expect(row).toMatchObject({ state: "deletion-requested", stateBeforeRequest: "ingested" });
    expect(mergeFacts(row, { tenant, poId, ...ended }, now).state).toBe("ingested");
  });

  it("carried out, or found done elsewhere, ends in deleted", () => {
    const deletion = { at: now, by: "Grace", reason: "Twice", evidenceKept: true };
    expect(
      after({ state: "ingested" }, request, { state: "deleted", fromArchive: true, deletion }),
    ).toMatchObject({ state: "deleted", stateBeforeRequest: null, deletionReason: "Twice" });
  });

  it("about an object the catalogue did not hold yet, leaves it ingested when withdrawn", () => {
    expect(after(request).state).toBe("deletion-requested");
    expect(after(request, ended).state).toBe("ingested");
  });

  it("ending where none waits changes nothing", () => {
    expect(after({ state: "ingesting" }, ended).state).toBe("ingesting");
    expect(after({ state: "deleted", fromArchive: true }, ended).state).toBe("deleted");
  });
});
