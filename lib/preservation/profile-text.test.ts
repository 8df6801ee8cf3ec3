import { describe, expect, it } from "vitest";
import {
  profileName,
  durationText,
  evidenceFormatName,
  goalText,
  localizedText,
  preferredLanguages,
  profileMatches,
  profileOperations,
  profileValidity,
  specReference,
  storageModelText,
} from "./profile-text";

const texts = [
  { lang: "de", value: "Allgemeines Schriftgut" },
  { lang: "en", value: "General records" },
  { lang: "fr", value: "Documents courants" },
];

describe("preferredLanguages", () => {
  it("orders the header's languages by weight, keeping the header's order on ties", () => {
    expect(preferredLanguages("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5")).toEqual([
      "fr-CH",
      "fr",
      "en",
      "de",
    ]);
    expect(preferredLanguages("de;q=0.5,en")).toEqual(["en", "de"]);
  });

  it("drops languages refused with q=0 and reads a missing header as no preference", () => {
    expect(preferredLanguages("en;q=0, de")).toEqual(["de"]);
    expect(preferredLanguages(null)).toEqual([]);
  });
});

describe("localizedText", () => {
  it("answers in the reader's language, matching a regional tag to its base language", () => {
    expect(localizedText(texts, ["de"])).toBe("Allgemeines Schriftgut");
    expect(localizedText(texts, ["fr-BE"])).toBe("Documents courants");
  });

  it("tries the reader's languages in order before falling back", () => {
    expect(localizedText(texts, ["it", "fr"])).toBe("Documents courants");
  });

  it("falls back to English, then to the first text", () => {
    expect(localizedText(texts, ["ja"])).toBe("General records");
    expect(localizedText([{ lang: "nl", value: "Archief" }, texts[0]!], ["ja"])).toBe("Archief");
  });

  it("skips empty texts and answers null when there is nothing to say", () => {
    expect(
      localizedText(
        [
          { lang: "de", value: "  " },
          { lang: "fr", value: "Oui" },
        ],
        ["de"],
      ),
    ).toBe("Oui");
    expect(localizedText(undefined, ["en"])).toBeNull();
    expect(localizedText([], ["en"])).toBeNull();
  });
});

describe("profileName", () => {
  const profile = {
    pid: "urn:scriptorium:profile:general:1.0",
    description: [
      { lang: "en", value: "General business records: the archive stores the data objects." },
      { lang: "fr", value: "Documents d'entreprise courants : l'archive conserve les objets." },
      { lang: "de", value: "Forschungsdaten und ihre Dokumentation, zehn Jahre aufbewahrt." },
    ],
  };

  it("is the lead of the description in the reader's language, English by default", () => {
    expect(profileName(profile, ["fr-CH"])).toBe("Documents d'entreprise courants");
    expect(profileName(profile, ["de"])).toBe("Forschungsdaten und ihre Dokumentation");
    expect(profileName(profile, ["it"])).toBe("General business records");
  });

  it("shortens a long lead at a word and falls back to the identifier", () => {
    const long = "Records of an uncommonly long kind that nobody would ever call by this name";
    expect(profileName({ pid: "p", description: [{ lang: "en", value: long }] }, [])).toBe(
      "Records of an uncommonly long kind that nobody would ever…",
    );
    expect(profileName({ pid: "urn:x:1", description: [] }, ["en"])).toBe("urn:x:1");
  });
});

describe("goalText", () => {
  it("names the three ETSI goals", () => {
    expect(goalText("http://uri.etsi.org/19512/goal/pgd").name).toBe(
      "Preservation of general data",
    );
    expect(goalText("http://uri.etsi.org/19512/goal/pds").name).toBe(
      "Preservation of digital signatures",
    );
    expect(goalText("http://uri.etsi.org/19512/goal/aug").name).toBe(
      "Augmentation of submitted evidence",
    );
  });

  it("names an unknown goal by its last segment and keeps the URI", () => {
    expect(goalText("urn:example:goal:keep-forever")).toMatchObject({
      name: 'Goal "keep-forever"',
      uri: "urn:example:goal:keep-forever",
    });
  });
});

describe("profile wording", () => {
  it("says each storage model in words, and names an unknown one", () => {
    expect(storageModelText("WithStorage")).toMatch(/stores the objects/);
    expect(storageModelText("WithoutStorage")).toMatch(/does not keep the objects/);
    expect(storageModelText("Cloud")).toBe('The archive names its storage model "Cloud".');
  });

  it("names the evidence formats and leaves unknown ids as they are", () => {
    expect(evidenceFormatName("urn:ietf:rfc:6283")).toBe("XML evidence record (RFC 6283)");
    expect(evidenceFormatName("urn:example:ev")).toBe("urn:example:ev");
  });

  it("labels and links specification references", () => {
    expect(specReference("urn:ietf:rfc:4998")).toEqual({
      label: "RFC 4998",
      href: "https://www.rfc-editor.org/rfc/rfc4998",
    });
    expect(specReference("http://uri.etsi.org/19512/v1.1.2#")).toEqual({
      label: "ETSI TS 119 512 v1.1.2",
    });
    expect(specReference("ISO 15489-1:2016")).toEqual({ label: "ISO 15489-1:2016" });
  });

  it("says durations in words", () => {
    expect(durationText("P10Y")).toBe("10 years");
    expect(durationText("P1Y6M")).toBe("1 year, 6 months");
    expect(durationText("PT5H")).toBe("PT5H");
    expect(durationText(undefined)).toBeNull();
  });
});

describe("profileValidity", () => {
  const now = new Date("2026-06-01T00:00:00Z");

  it("tells an open-ended active profile, an expired one and one not valid yet apart", () => {
    expect(profileValidity({ vfrom: "2025-01-01T00:00:00Z" }, now)).toEqual({
      state: "active",
      text: "Valid since 2025-01-01, with no end date.",
    });
    expect(
      profileValidity({ vfrom: "2023-01-01T00:00:00Z", vuntl: "2024-12-31T23:59:59Z" }, now),
    ).toEqual({ state: "expired", text: "Was valid from 2023-01-01 until 2024-12-31." });
    expect(profileValidity({ vfrom: "2027-01-01T00:00:00Z" }, now).state).toBe("upcoming");
  });
});

describe("profileOperations and profileMatches", () => {
  it("lists the operation names once each, in the profile's order", () => {
    expect(
      profileOperations({
        op: [{ name: "RetrievePO" }, { name: "PreservePO" }, { name: "RetrievePO" }, {}],
      }),
    ).toEqual(["RetrievePO", "PreservePO"]);
    expect(profileOperations({})).toEqual([]);
  });

  it("finds a profile by its id or a description in any language", () => {
    const profile = { pid: "urn:x:general:1.0", description: texts };
    expect(profileMatches(profile, "GENERAL")).toBe(true);
    expect(profileMatches(profile, "schriftgut")).toBe(true);
    expect(profileMatches(profile, "signature")).toBe(false);
    expect(profileMatches(profile, "  ")).toBe(true);
  });
});
