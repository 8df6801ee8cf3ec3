import { describe, expect, it } from "vitest";
import type { IngestDocumentRequest } from "@scriptorium/contract/ingest/schemas";
import { planUpload } from "@/lib/upload/planner";
import type { PlanInput } from "@/lib/upload/request-body";
import { sendPlan, type SendPhase } from "./send-plan";

const MB = 1024 * 1024;
const input: PlanInput = {
  profile: "default",
  metadatas: [],
  documents: [
    { kind: "file", id: "big", name: "scan.tif", size: 12 * MB },
    { kind: "file", id: "small", name: "note.txt", size: 10 },
  ],
};
const files = new Map(input.documents.map((d) => [d.id, new File(["x"], d.name)]));
const tooLarge = new Error("JSON_TOO_LARGE");

function run(answers: (body: IngestDocumentRequest) => unknown) {
  const uploaded: string[] = [];
  const bodies: IngestDocumentRequest[] = [];
  const phases: SendPhase[] = [];
  let replanned = 0;
  const result = sendPlan(planUpload(input), {
    fileOf: (id) => files.get(id) ?? null,
    upload: async (id) => (uploaded.push(id), `key-${id}`),
    read: async () => "eA==",
    submit: async (body) => {
      bodies.push(body);
      return answers(body);
    },
    isTooLarge: (error) => error === tooLarge,
    onPhase: (p) => phases.push(p),
    onReplanned: () => replanned++,
  });
  return { result, uploaded, bodies, phases, replanned: () => replanned };
}

describe("sending an upload plan", () => {
  it("uploads the large file, inlines the small one and names both in one request", async () => {
    const sent = run(() => "accepted");
    await expect(sent.result).resolves.toBe("accepted");
    expect(sent.uploaded).toEqual(["big"]);
    expect(sent.bodies[0]?.documents).toEqual([
      { type: "S3", content: "key-big", name: "scan.tif" },
      { type: "BINARY", content: "eA==", name: "note.txt" },
    ]);
    expect(sent.phases.map((p) => p.kind)).toEqual(["uploading", "reading", "sending"]);
  });

  it("answers JSON_TOO_LARGE by uploading every inline file too and sending once more", async () => {
    const sent = run((body) => {
      if (body.documents?.some((d) => d.type === "BINARY")) throw tooLarge;
      return "accepted";
    });
    await expect(sent.result).resolves.toBe("accepted");
    expect(sent.uploaded).toEqual(["big", "big", "small"]);
    expect(sent.bodies[1]?.documents?.map((d) => d.type)).toEqual(["S3", "S3"]);
    expect(sent.phases.at(-1)).toEqual({ kind: "sending", retriedAsUpload: true });
    expect(sent.replanned()).toBe(1);
  });

  it("gives up after one retry, and passes other refusals on", async () => {
    await expect(run(() => Promise.reject(tooLarge)).result).rejects.toBe(tooLarge);
    const refused = new Error("VALIDATION_ERROR");
    const sent = run(() => Promise.reject(refused));
    await expect(sent.result).rejects.toBe(refused);
    expect(sent.bodies).toHaveLength(1);
  });
});
