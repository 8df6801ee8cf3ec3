import { describe, expect, it } from "vitest";
import {
  MAJOR_TEXT,
  MINOR_TEXT,
  RESULT_MAJOR,
  RESULT_MAJOR_CODES,
  RESULT_MINOR,
  describeResult,
  isSuccess,
  resultMessage,
} from "./result-codes";

describe("result codes", () => {
  it("spell the ETSI minor URIs exactly", () => {
    expect(RESULT_MINOR.unknownPOID).toBe("http://uri.etsi.org/19512/error/unknownPOID");
    expect(RESULT_MINOR.DeltaPOCInternalProblem).toBe(
      "http://uri.etsi.org/19512/error/DeltaPOCInternalProblem",
    );
    expect(RESULT_MINOR.requestOnlyPartlySuccessful).toBe(
      "http://uri.etsi.org/19512/warning/requestOnlyPartlySuccessful",
    );
    expect(Object.keys(RESULT_MINOR)).toHaveLength(17);
  });

  it("have a sentence for every major and minor code", () => {
    for (const maj of RESULT_MAJOR_CODES) expect(MAJOR_TEXT[maj].detail).toMatch(/^[A-Z].*\.$/);
    for (const min of Object.values(RESULT_MINOR)) expect(MINOR_TEXT[min]).toMatch(/^[A-Z].*\.$/);
  });
});

describe("resultMessage", () => {
  it("reads the string and the { value, lang } form", () => {
    expect(resultMessage("Stored.")).toBe("Stored.");
    expect(resultMessage({ value: "Stored.", lang: "en" })).toBe("Stored.");
    expect(resultMessage(undefined)).toBeNull();
    expect(resultMessage({ lang: "en" })).toBeNull();
  });

  it("picks the wanted language, then English, then the first", () => {
    const texts = [
      { value: "Gespeichert.", lang: "de" },
      { value: "Stored.", lang: "en" },
      { value: "Opgeslagen.", lang: "nl" },
    ];
    expect(resultMessage(texts, "nl")).toBe("Opgeslagen.");
    expect(resultMessage(texts, "nl-BE")).toBe("Opgeslagen.");
    expect(resultMessage(texts, "fr")).toBe("Stored.");
    expect(resultMessage([texts[0]!, texts[2]!], "fr")).toBe("Gespeichert.");
  });
});

describe("describeResult", () => {
  it("explains a success", () => {
    expect(describeResult({ maj: RESULT_MAJOR.Success })).toEqual({
      ok: true,
      pending: false,
      title: "Done",
      detail: "The archive carried out the request.",
    });
    expect(isSuccess({ maj: RESULT_MAJOR.Success })).toBe(true);
  });

  it("explains a known minor code and adds the archive's message", () => {
    const d = describeResult({
      maj: RESULT_MAJOR.RequesterError,
      min: RESULT_MINOR.unknownPOID,
      msg: { value: 'No preservation object "x" exists.', lang: "en" },
    });
    expect(d.ok).toBe(false);
    expect(d.title).toBe("The request was refused");
    expect(d.detail).toBe(
      'There is no preserved object with this ID, or you may not see it. No preservation object "x" exists.',
    );
    expect(isSuccess({ maj: RESULT_MAJOR.RequesterError })).toBe(false);
  });

  it("marks a pending answer", () => {
    expect(describeResult({ maj: RESULT_MAJOR.Pending })).toMatchObject({
      ok: false,
      pending: true,
      title: "In progress",
    });
  });

  it("never shows an unknown code alone", () => {
    const d = describeResult({
      maj: RESULT_MAJOR.ResponderError,
      min: "urn:vendor:error:diskQuota",
    });
    expect(d.detail).toBe('The archive reported "diskQuota" (code urn:vendor:error:diskQuota).');
    const unknownMajor = describeResult({ maj: "urn:vendor:resultmajor:Odd" });
    expect(unknownMajor.title).toBe("The archive gave an unexpected answer");
    expect(unknownMajor.detail).toContain('"Odd"');
    expect(unknownMajor.ok).toBe(false);
  });

  it("counts a partly successful request as a success with a warning", () => {
    const d = describeResult({
      maj: RESULT_MAJOR.Success,
      min: RESULT_MINOR.requestOnlyPartlySuccessful,
    });
    expect(d).toMatchObject({ ok: true, detail: "Only part of the request succeeded." });
  });

  it("points to extra information when the archive gives a pRef", () => {
    expect(
      describeResult({ maj: RESULT_MAJOR.ResponderError, pRef: "https://status.example.org/1" })
        .detail,
    ).toBe(
      "The archive failed to carry out the request because of a problem on its side. More information: https://status.example.org/1",
    );
  });
});
