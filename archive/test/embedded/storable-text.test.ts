// Text PostgreSQL and PGlite cannot store: the character U+0000 and unpaired surrogates (JSON can
// spell "\ud800"). The embedded archive refuses it where it enters, naming the field; before, such
// a request was accepted and its SIP stayed PROCESSING while its job failed again and again (U+0000)
// or failed with "the archive could not process this SIP" (a surrogate in metadata). This rule is
// the embedded archive's own, so these tests do not run against another archive.
import { describe, expect, it } from "vitest";
import { buildBag } from "../support/bag";
import { b64, expectAccepted, expectError, ingestApi, waitForTerminal } from "../support/client";
import { documentRequest, metadata, PDF } from "../support/fixtures";
import { archiveTarget, suite } from "../support/target";
import { fails, pres } from "../preservation/client";

const NUL = "\u0000";
const ENRICH = "pluginreports";

// Inline content is read while the request is answered (400); content the archive must fetch
// first is refused by its SIP failing, with the reason in a plugin report. Either way, said once.
async function refusal(answer: Awaited<ReturnType<typeof ingestApi>>): Promise<string> {
  if (answer.status === 400) return expectError(answer, 400, "VALIDATION_ERROR");
  const final = await waitForTerminal(expectAccepted(answer), { enrichers: ENRICH });
  expect(final.status).toBe("FAILED");
  return final.pluginReports?.find((r) => r.status === "FAILURE")?.message ?? "";
}

describe.skipIf(!archiveTarget().embedded)("text that cannot be stored, in a request", () => {
  it("refuses it in a metadata value or a document name with 400, naming the field", async () => {
    const inValue = await ingestApi("PUT", "/document", {
      body: documentRequest({ metadatas: [metadata(`a${NUL}b`)] }),
    });
    expect(expectError(inValue, 400, "VALIDATION_ERROR")).toMatch(
      /^metadatas\[0\]\.metadata\.title contains the character U\+0000/,
    );
    const inName = await ingestApi("PUT", "/document", {
      body: documentRequest({
        document: { type: "BINARY", name: `a${NUL}b.pdf`, content: b64(PDF) },
      }),
    });
    expect(expectError(inName, 400, "VALIDATION_ERROR")).toMatch(/^document\.name contains/);
    const ingested = await waitForTerminal(
      expectAccepted(await ingestApi("PUT", "/document", { body: documentRequest() })),
    );
    expect(ingested.status).toBe("INGESTED");
    const surrogate = await ingestApi("PUT", "/document", {
      body: documentRequest({ metadatas: [metadata("half an emoji \uD83D")] }),
    });
    expect(expectError(surrogate, 400, "VALIDATION_ERROR")).toMatch(
      /^metadatas\[0\]\.metadata\.title contains an unpaired surrogate \(U\+D83D, half of a character\), which cannot be stored as text/,
    );
    const update = await ingestApi("POST", `/document/${encodeURIComponent(ingested.packageId)}`, {
      body: { metadatas: [metadata(NUL)] },
    });
    expect(expectError(update, 400, "VALIDATION_ERROR")).toMatch(
      /^metadatas\[0\]\.metadata\.title contains/,
    );
  });

  it("refuses it in a path value with 400, naming the value, on every route that takes one", async () => {
    const status = await ingestApi("GET", `/sip/a${encodeURIComponent(NUL)}b/sip-1`);
    expect(expectError(status, 400, "VALIDATION_ERROR")).toMatch(
      /^packageId contains the character U\+0000/,
    );
    const name = await ingestApi("GET", `/sip/pkg/sip${encodeURIComponent(NUL)}`);
    expect(expectError(name, 400, "VALIDATION_ERROR")).toMatch(
      /^submissionName contains the character U\+0000/,
    );
    const update = await ingestApi("POST", `/document/${encodeURIComponent(NUL)}`, {
      body: { metadatas: [] },
    });
    expect(expectError(update, 400, "VALIDATION_ERROR")).toMatch(
      /^packageId contains the character U\+0000/,
    );
  });

  it("refuses a metadata file holding it, saying where", async () => {
    const file = {
      type: "BINARY",
      name: "dc.json",
      content: b64(JSON.stringify({ title: `a${NUL}b` })),
    };
    const answer = await ingestApi("PUT", "/document", {
      body: documentRequest({ metadatas: [{ schema: suite.schema, file }] }),
    });
    expect(await refusal(answer)).toMatch(
      /"dc\.json" holds the character U\+0000 \(NUL\) in title/,
    );
  });

  it("refuses a bag whose package-metadata.json holds it", async () => {
    const bag = buildBag({
      payload: { "letter.pdf": PDF },
      packageMetadata: { profile: suite.profile, metadatas: [metadata(`x${NUL}`)] },
    });
    const answer = await ingestApi("PUT", "/sip", {
      body: { type: "BINARY", name: "bag.zip", content: b64(bag) },
    });
    expect(await refusal(answer)).toMatch(
      /package-metadata\.json holds the character U\+0000 \(NUL\) in metadatas\[0\]\.metadata\.title/,
    );
  });

  it("fails a bag with it in an entry name, saying which entry and what is wrong with it", async () => {
    const bag = buildBag({
      payload: { [`a${NUL}b.txt`]: "x", "fine.txt": "y" },
      packageMetadata: { profile: suite.profile, metadatas: [] },
    });
    const answer = await ingestApi("PUT", "/sip", {
      body: { type: "BINARY", name: "bag.zip", content: b64(bag) },
    });
    expect(await refusal(answer)).toMatch(
      /^The bag is not valid: The zip entry "data\/a\\u0000b\.txt" contains a NUL character/,
    );
  });

  it("answers parameterError for it in a preservation request, naming the field", async () => {
    expect(fails(await pres("RetrievePO", { poId: NUL }), "parameterError")).toMatch(
      /^poId contains the character U\+0000/,
    );
    expect(fails(await pres("RetrieveTrace", { poId: `x${NUL}` }), "parameterError")).toMatch(
      /^poId contains/,
    );
    expect(fails(await pres("Search", { fi: `dc:title=${NUL}` }), "parameterError")).toMatch(
      /^fi contains/,
    );
  });
});
