import { describe, expect, it } from "vitest";
import { identifyBytes } from "../formats/identify";
import { SHARED_METADATA_SCHEMAS_DIR } from "@scriptorium/contract/config";
import { loadMetadataRegistry } from "@scriptorium/contract/metadata/registry";
import { PreservationError } from "./errors";
import { decodeSubmittedPos, type SubmittedPo } from "./po-input";

const registry = loadMetadataRegistry(SHARED_METADATA_SCHEMAS_DIR);
const DC = "http://purl.org/dc/elements/1.1/";
const b64 = (text: string) => Buffer.from(text).toString("base64");
const decode = (pos: SubmittedPo[], existing: string[] = []) =>
  decodeSubmittedPos(pos, registry, identifyBytes, existing);

async function minorOf(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
  } catch (error) {
    if (error instanceof PreservationError) return error.minor;
    throw error;
  }
  return undefined;
}

describe("decodeSubmittedPos", () => {
  it("decodes data and metadata POs, identifying the data's format", async () => {
    const [pdf, meta] = await decode([
      {
        id: "report.pdf",
        binaryData: {
          value: b64("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n"),
        },
      },
      {
        id: "dc",
        formatId: DC,
        relObj: ["report.pdf"],
        binaryData: { value: b64(JSON.stringify({ title: "Annual report" })) },
      },
    ]);
    expect(pdf).toMatchObject({ kind: "data", id: "report.pdf", mimeType: "application/pdf" });
    expect(pdf?.kind === "data" && pdf.pronomId).toMatch(/^fmt\//);
    expect(meta).toMatchObject({
      kind: "metadata",
      schema: DC,
      metadata: { title: "Annual report" },
      relObj: ["report.pdf"],
    });
  });

  it("decodes content of several MiB, and refuses base64 with padding inside or a stray length", async () => {
    const big = Buffer.alloc(7 * 1024 * 1024, 0x5a);
    const [po] = await decode([{ id: "big.bin", binaryData: { value: big.toString("base64") } }]);
    expect(po!.bytes.equals(big)).toBe(true);
    for (const value of ["QQ==QUJD", "QUJDR", "Q==="])
      expect(await minorOf(() => decode([{ id: "x", binaryData: { value } }]))).toMatch(
        /parameterError/,
      );
  });

  it("refuses zero POs", async () => {
    expect(await minorOf(() => decode([]))).toBe("parameterError");
  });

  it("refuses a PO with both binaryData and xmlData, or with neither", async () => {
    expect(
      await minorOf(() =>
        decode([{ binaryData: { value: b64("a") }, xmlData: { b64Content: b64("<a/>") } }]),
      ),
    ).toBe("parameterError");
    expect(await minorOf(() => decode([{ id: "empty", mimeType: "text/plain" }]))).toBe(
      "parameterError",
    );
  });

  it("lets relObj name only ids of the request, or of the stored version when given", async () => {
    const pos = [{ id: "a", binaryData: { value: b64("x") }, relObj: ["b"] }];
    expect(await minorOf(() => decode(pos))).toBe("parameterError");
    expect((await decode(pos, ["b"]))[0]?.relObj).toEqual(["b"]);
    expect(
      await minorOf(() => decode([{ id: "a", binaryData: { value: b64("x") }, relObj: ["a"] }])),
    ).toBe("parameterError");
  });

  it("refuses an id used twice and numbers POs without one around the ids taken", async () => {
    expect(
      await minorOf(() =>
        decode([
          { id: "a", binaryData: { value: "" } },
          { id: "a", binaryData: { value: "" } },
        ]),
      ),
    ).toBe("parameterError");
    const ids = (
      await decode([{ binaryData: { value: "" } }, { id: "po-1", binaryData: { value: "" } }])
    ).map((p) => p.id);
    expect(ids).toEqual(["po-2", "po-1"]);
  });

  it("validates metadata against its registered schema with POFormatError", async () => {
    expect(
      await minorOf(() =>
        decode([
          { formatId: DC, binaryData: { value: b64(JSON.stringify({ creator: "no title" })) } },
        ]),
      ),
    ).toBe("POFormatError");
    expect(
      await minorOf(() => decode([{ formatId: DC, binaryData: { value: b64("not json") } }])),
    ).toBe("POFormatError");
  });

  it("treats a formatId that is no registered schema as a data format", async () => {
    const [po] = await decode([
      { formatId: "urn:example:format", xmlData: { b64Content: b64("<note>hi</note>") } },
    ]);
    expect(po).toMatchObject({ kind: "data", formatId: "urn:example:format", xml: true });
  });
});
