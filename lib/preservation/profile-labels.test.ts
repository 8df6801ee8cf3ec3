import { describe, expect, it } from "vitest";
import type { Profile } from "@scriptorium/contract/preservation/schemas";
import { profileLabels, profilePath } from "./profile-labels";
import { servedIngestProfile } from "./profile-text";

const serving = (ingestProfile: string) => [
  { name: "urn:scriptorium:tsa-certificates", value: "-----BEGIN CERTIFICATE-----…" },
  { name: "urn:scriptorium:ingest-profile", value: ingestProfile },
];
const profile = (pid: string, lead: string, ext?: Profile["ext"], vuntl?: string): Profile => ({
  pid,
  description: [{ lang: "en", value: `${lead}: what it keeps.` }],
  pvp: { vfrom: "2025-01-01T00:00:00Z", ...(vuntl ? { vuntl } : {}) },
  ...(ext ? { ext } : {}),
});

const now = new Date("2026-06-01T00:00:00Z");
const earlier = profile(
  "urn:x:general:0.9",
  "Earlier general business records",
  serving("default"),
  "2024-12-31T23:59:59Z",
);
const general = profile("urn:x:general:1.0", "General business records", serving("default"));
const vendor = profile("urn:vendor:p", "A vendor's profile");
const ingest = [
  { id: "default", title: "General business records" },
  { id: "research-data", title: "Research data" },
];

describe("servedIngestProfile", () => {
  it("reads the ingest profile the archive names in the profile's extension", () => {
    expect(servedIngestProfile(general)).toBe("default");
    expect(servedIngestProfile(vendor)).toBeUndefined();
    expect(servedIngestProfile({ ext: [{ name: "urn:scriptorium:ingest-profile" }] })).toBe(
      undefined,
    );
  });
});

describe("profileLabels", () => {
  const labels = profileLabels(ingest, [earlier, general, vendor], ["en"], now);

  it("names an ingest profile by its title and links it to the active profile serving it", () => {
    expect(labels.default).toEqual({ name: "General business records", pid: general.pid });
    // Nothing says which profile serves it: named, linked nowhere.
    expect(labels["research-data"]).toEqual({ name: "Research data" });
  });

  it("names each preservation profile by its description's lead, linked to itself", () => {
    expect(labels[general.pid]).toEqual({ name: "General business records", pid: general.pid });
    expect(labels[earlier.pid]).toEqual({
      name: "Earlier general business records",
      pid: earlier.pid,
    });
    expect(labels[vendor.pid]).toEqual({ name: "A vendor's profile", pid: vendor.pid });
  });

  it("falls back to an expired profile when no active one serves the ingest profile", () => {
    expect(profileLabels(ingest, [earlier], [], now).default).toEqual({
      name: "General business records",
      pid: earlier.pid,
    });
    expect(profileLabels(ingest, [], [], now).default).toEqual({
      name: "General business records",
    });
  });

  it("links to the profile page by the percent-encoded identifier", () => {
    expect(profilePath("urn:scriptorium:profile:general:1.0")).toBe(
      "/profiles/urn%3Ascriptorium%3Aprofile%3Ageneral%3A1.0",
    );
  });
});
