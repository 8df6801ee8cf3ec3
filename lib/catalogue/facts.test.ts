import { describe, expect, it } from "vitest";
import { factsFromSipStatus, type FactContext } from "./facts";
import { mergeFacts } from "./merge";

const ctx: FactContext = {
  tenant: "demo",
  isMetadataSchema: () => true,
  profileName: (id) => id,
};
const DC = "http://purl.org/dc/elements/1.1/";

describe("factsFromSipStatus", () => {
  const ingested = {
    packageId: "pkg-1",
    status: "INGESTED",
    metadata: [{ schema: DC, metadata: { title: "Board minutes", description: "Raad" } }],
    representations: [{ name: "minutes.txt", mimeType: "text/plain", size: 14 }],
  };

  it("takes the title and files an ingested package's status carries", () => {
    const facts = factsFromSipStatus(ctx, ingested as never, "sip-1");
    expect(facts).toMatchObject({ title: "Board minutes", description: "Raad", state: "ingested" });
    expect(facts.files).toHaveLength(1);
  });

  it("keeps the title of a deleted package, whose status comes back without metadata or files", () => {
    const now = new Date();
    const known = mergeFacts(null, factsFromSipStatus(ctx, ingested as never, "sip-1"), now);
    const deleted = mergeFacts(known, { tenant: "demo", poId: "pkg-1", state: "deleted" }, now);
    const read = factsFromSipStatus(
      ctx,
      { packageId: "pkg-1", status: "INGESTED", metadata: [], representations: [] } as never,
      "sip-1",
    );
    expect(read).not.toHaveProperty("title");
    expect(mergeFacts(deleted, read, now)).toMatchObject({
      title: "Board minutes",
      description: "Raad",
      state: "deleted",
      fileCount: 1,
    });
  });
});
