// Every request is validated before it is accepted: 400 VALIDATION_ERROR with a message that
// names the field and the rule, and nothing is created.
import { describe, expect, it } from "vitest";
import { b64, expectError, ingestApi } from "../support/client";
import { documentRequest, metadata, PDF, uniquePackageId } from "../support/fixtures";
import { suite } from "../support/target";

async function rejected(body: unknown) {
  return expectError(await ingestApi("PUT", "/document", { body }), 400, "VALIDATION_ERROR");
}

describe("PUT /document validation", () => {
  it.each([
    ["a colon", "a:b"],
    ["a slash", "a/b"],
    ["a question mark", "why?"],
    ["a tab", "a\tb"],
    ["a non-ASCII letter", "caf\u00e9"],
  ])("refuses a packageId with %s", async (_label, packageId) => {
    expect(await rejected(documentRequest({ packageId }))).toMatch(/packageId/);
  });

  it("leaves nothing behind for a refused packageId", async () => {
    const packageId = `${uniquePackageId()}*`;
    await rejected(documentRequest({ packageId }));
    expectError(
      await ingestApi("GET", `/sip/${encodeURIComponent(packageId)}/sip-1`),
      404,
      "NOT_FOUND",
    );
  });

  it("refuses a document name shorter than 3 characters", async () => {
    const message = await rejected(
      documentRequest({ document: { type: "BINARY", name: "ab", content: b64(PDF) } }),
    );
    expect(message).toMatch(/document\.name/);
    expect(message).toMatch(/3/);
  });

  it("refuses both document and documents", async () => {
    const doc = { type: "BINARY", name: "letter.pdf", content: b64(PDF) };
    expect(await rejected(documentRequest({ documents: [doc] }))).toMatch(
      /document.*documents|exactly one/i,
    );
  });

  it("refuses neither document nor documents", async () => {
    expect(await rejected({ profile: suite.profile, metadatas: [] })).toMatch(
      /exactly one|document/i,
    );
  });

  it("requires metadatas", async () => {
    const body = documentRequest();
    delete (body as { metadatas?: unknown }).metadatas;
    expect(await rejected(body)).toMatch(/metadatas/);
  });

  it("refuses an unknown content type", async () => {
    const message = await rejected(
      documentRequest({ document: { type: "FTP", name: "letter.pdf", content: "x" } }),
    );
    expect(message).toMatch(/type/);
    expect(message).toMatch(/BINARY/);
  });

  it("refuses BINARY content that is not base64", async () => {
    const message = await rejected(
      documentRequest({
        document: { type: "BINARY", name: "letter.pdf", content: "%%%not-base64" },
      }),
    );
    expect(message).toMatch(/document\.content/);
    expect(message).toMatch(/base64/);
  });

  it("refuses URL content that is not an http(s) URL", async () => {
    const message = await rejected(
      documentRequest({
        document: { type: "URL", name: "letter.pdf", content: "file:///etc/passwd" },
      }),
    );
    expect(message).toMatch(/URL/);
  });

  it("refuses an ingest profile the operator did not issue", async () => {
    expect(await rejected(documentRequest({ profile: "no-such-profile" }))).toMatch(/profile/);
  });

  it("refuses a metadata schema that is not registered", async () => {
    const message = await rejected(
      documentRequest({ metadatas: [{ schema: "urn:example:unregistered", metadata: {} }] }),
    );
    expect(message).toMatch(/metadatas\[0\]\.schema/);
    expect(message).toMatch(/urn:example:unregistered/);
  });

  it("refuses metadata that does not validate against its schema", async () => {
    const message = await rejected(
      documentRequest({ metadatas: [{ schema: suite.schema, metadata: { title: 42 } }] }),
    );
    expect(message).toMatch(/metadatas\[0\]/);
    expect(message).toMatch(/title/);
  });

  it("refuses an inline metadata file that does not validate", async () => {
    const file = {
      type: "BINARY",
      name: "dc.json",
      content: b64(JSON.stringify({ creator: ["Nobody"] })),
    };
    const message = await rejected(
      documentRequest({ metadatas: [{ schema: suite.schema, file }] }),
    );
    expect(message).toMatch(/metadatas\[0\]/);
    expect(message).toMatch(/title/);
  });

  it("names the document whose metadata is invalid", async () => {
    const documents = [
      { type: "BINARY", name: "one.pdf", content: b64(PDF) },
      {
        type: "BINARY",
        name: "two.pdf",
        content: b64(PDF),
        metadatas: [{ schema: suite.schema, metadata: {} }],
      },
    ];
    expect(await rejected(documentRequest({ document: undefined, documents }))).toMatch(
      /documents\[1\]\.metadatas\[0\]/,
    );
  });

  it("refuses two documents with the same name", async () => {
    const doc = { type: "BINARY", name: "same.pdf", content: b64(PDF) };
    expect(await rejected(documentRequest({ document: undefined, documents: [doc, doc] }))).toMatch(
      /documents\[1\]\.name/,
    );
  });

  it("refuses an unknown enricher", async () => {
    const answer = await ingestApi("PUT", "/document", {
      body: documentRequest(),
      headers: { enrichers: "everything" },
    });
    expect(expectError(answer, 400, "VALIDATION_ERROR")).toMatch(/enrichers/);
  });
});

describe("POST /document/{packageId} and PUT /sip validation", () => {
  it("requires metadatas on a metadata update", async () => {
    const answer = await ingestApi("PUT", "/document", {
      body: documentRequest({ packageId: uniquePackageId() }),
    });
    const { packageId } = answer.json as { packageId: string };
    const update = await ingestApi("POST", `/document/${encodeURIComponent(packageId)}`, {
      body: {},
    });
    expect(expectError(update, 400, "VALIDATION_ERROR")).toMatch(/metadatas/);
  });

  it("answers a metadata update of an unknown package with 404", async () => {
    const answer = await ingestApi("POST", `/document/${uniquePackageId()}`, {
      body: { metadatas: [metadata()] },
    });
    expectError(answer, 404, "NOT_FOUND");
  });

  it("refuses a SIP without type, content or name", async () => {
    const answer = await ingestApi("PUT", "/sip", { body: { type: "BINARY", content: b64("x") } });
    expect(expectError(answer, 400, "VALIDATION_ERROR")).toMatch(/name/);
  });
});
