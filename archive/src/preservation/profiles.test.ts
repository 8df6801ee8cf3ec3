import { describe, expect, it } from "vitest";
import { SHARED_CONFIG_DIR } from "@scriptorium/contract/config";
import { loadIngestProfiles } from "@scriptorium/contract/profiles/ingest-profiles";
import { ARCHIVE_DEFAULT_CONFIG_DIR } from "../config";
import {
  defaultFormat,
  isProfileActive,
  loadPreservationProfiles,
  parsePreservationProfiles,
  selectProfiles,
  toEtsiProfile,
} from "./profiles";

const configDir = ARCHIVE_DEFAULT_CONFIG_DIR;
const profiles = loadPreservationProfiles(configDir);
const now = new Date("2026-06-01T00:00:00Z");

describe("the shipped preservation profiles", () => {
  it("offer at least three profiles described in English, German and French with both evidence formats", () => {
    const list = profiles.list();
    expect(list.length).toBeGreaterThanOrEqual(3);
    for (const p of list) {
      expect(p.description.map((d) => d.lang)).toEqual(expect.arrayContaining(["en", "de", "fr"]));
    }
    const formats = new Set(list.flatMap((p) => p.ef.map((f) => f.fid)));
    expect(formats).toEqual(new Set(["urn:ietf:rfc:4998", "urn:ietf:rfc:6283"]));
  });

  it("give each ingest profile and the active profile serving it one name: the English description begins with its title", () => {
    // The dashboard names a preservation profile by the lead of its description (up to a colon):
    // the same words as the wizard's ingest profile, so a person meets one name for the pair.
    for (const ingest of loadIngestProfiles(SHARED_CONFIG_DIR).list()) {
      const serving = profiles.forIngestProfile(ingest.id, now);
      expect(serving, ingest.id).toBeDefined();
      expect(isProfileActive(serving!, now), ingest.id).toBe(true);
      const english = serving!.description.find((d) => d.lang === "en")!.value;
      expect(english, ingest.id).toMatch(new RegExp(`^${ingest.title}: `));
    }
  });

  it("has an expired profile that only stat inactive or all selects", () => {
    const expired = profiles.list().filter((p) => !isProfileActive(p, now));
    expect(expired.length).toBeGreaterThan(0);
    const active = selectProfiles(profiles.list(), {}, now);
    expect(active.some((p) => expired.includes(p))).toBe(false);
    expect(selectProfiles(profiles.list(), { stat: "inactive" }, now)).toEqual(expired);
    expect(selectProfiles(profiles.list(), { stat: "all" }, now)).toHaveLength(
      profiles.list().length,
    );
  });

  it("narrows to one profile with pro, still under the status filter", () => {
    const expired = profiles.list().find((p) => !isProfileActive(p, now))!;
    expect(selectProfiles(profiles.list(), { pro: expired.pid }, now)).toEqual([]);
    expect(selectProfiles(profiles.list(), { pro: expired.pid, stat: "all" }, now)).toEqual([
      expired,
    ]);
  });

  it("maps an ingest profile to its active preservation profile before an expired one", () => {
    const expiredFirst = parsePreservationProfiles({
      profiles: [...profiles.list()].sort(
        (a, b) => Number(isProfileActive(a, now)) - Number(isProfileActive(b, now)),
      ),
    });
    const general = expiredFirst.forIngestProfile("default", now);
    expect(general && isProfileActive(general, now)).toBe(true);
    expect(expiredFirst.forIngestProfile("no-such-profile", now)).toBeUndefined();
  });

  it("answers the ETSI form without Scriptorium's own fields and lists poFormat under RetrievePO", () => {
    const etsi = toEtsiProfile(profiles.list()[0]!);
    expect(etsi).not.toHaveProperty("ingestProfile");
    expect(etsi).not.toHaveProperty("poFormats");
    const retrieve = etsi.op.find((o) => o.name === "RetrievePO");
    expect(retrieve?.opt?.[0]?.form.map((f) => f.fid)).toContain(
      defaultFormat(profiles.list()[0]!.poFormats),
    );
    expect(etsi.ext).toEqual([{ name: "urn:scriptorium:ingest-profile", value: "default" }]);
  });

  it("names the ingest profile it serves and carries the time-stamp authority's chain in ETSI profile extensions", () => {
    const pem = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";
    const signed = profiles.get("urn:scriptorium:profile:signed-documents:1.0")!;
    expect(toEtsiProfile(signed, pem).ext).toEqual([
      { name: "urn:scriptorium:ingest-profile", value: "permanent-archive" },
      { name: "urn:scriptorium:tsa-certificates", value: pem },
    ]);
  });
});

describe("parsePreservationProfiles", () => {
  const base = profiles.list()[0]!;

  it("refuses a pid used twice", () => {
    expect(() => parsePreservationProfiles({ profiles: [base, base] }, "x.json")).toThrow(
      /x\.json.*used twice/,
    );
  });

  it("refuses a validity period that ends before it starts", () => {
    const bad = { ...base, pvp: { vfrom: "2025-01-01T00:00:00Z", vuntl: "2024-01-01T00:00:00Z" } };
    expect(() => parsePreservationProfiles({ profiles: [bad] })).toThrow(/ends before it starts/);
  });

  it("refuses a storage model outside the ETSI list and a profile without English text", () => {
    expect(() => parsePreservationProfiles({ profiles: [{ ...base, psm: "Somewhere" }] })).toThrow(
      /psm/,
    );
    const german = { ...base, description: [{ lang: "de", value: "Nur Deutsch" }] };
    expect(() => parsePreservationProfiles({ profiles: [german] })).toThrow(/English/);
  });
});
