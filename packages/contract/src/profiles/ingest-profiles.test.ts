import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { describeRetention, loadIngestProfiles, parseIngestProfiles } from "./ingest-profiles";

const configDir = fileURLToPath(new URL("../../config", import.meta.url));
const tmpRoot = mkdtempSync("/tmp/pure-profiles-");
afterAll(() => rmSync(tmpRoot, { recursive: true, force: true }));

function writeConfig(content: string): string {
  const dir = mkdtempSync(path.join(tmpRoot, "cfg-"));
  writeFileSync(path.join(dir, "ingest-profiles.json"), content);
  return dir;
}

const valid = { id: "default", title: "Default", retention: { years: 7 } };

describe("loadIngestProfiles", () => {
  it("loads the shipped configuration with a default profile", () => {
    const profiles = loadIngestProfiles(configDir);
    expect(profiles.has("default")).toBe(true);
    expect(profiles.get("permanent-archive")?.retention).toEqual({ kind: "permanent" });
    expect(profiles.get("records-10y")?.retention).toEqual({ kind: "years", years: 10 });
    expect(profiles.list().map((p) => p.id)).toContain("research-data");
  });

  it("answers undefined and false for an unknown profile", () => {
    const profiles = loadIngestProfiles(configDir);
    expect(profiles.get("nope")).toBeUndefined();
    expect(profiles.has("nope")).toBe(false);
  });

  it("keeps the listed schemas and leaves them out when the operator allows all", () => {
    const dir = writeConfig(
      JSON.stringify({
        profiles: [
          { ...valid, metadataSchemas: ["urn:x:1"] },
          { ...valid, id: "open", retention: "permanent" },
        ],
      }),
    );
    const profiles = loadIngestProfiles(dir);
    expect(profiles.get("default")?.metadataSchemas).toEqual(["urn:x:1"]);
    expect(profiles.get("open")).not.toHaveProperty("metadataSchemas");
    expect(profiles.get("open")?.description).toBe("");
  });

  it("names the file and the field of an invalid retention", () => {
    const dir = writeConfig(
      JSON.stringify({ profiles: [valid, { ...valid, id: "other", retention: { years: 0 } }] }),
    );
    expect(() => loadIngestProfiles(dir)).toThrow(
      /ingest-profiles\.json.*profiles\[1\]\.retention/,
    );
  });

  it("names an unknown field", () => {
    const dir = writeConfig(JSON.stringify({ profiles: [{ ...valid, retentionYears: 3 }] }));
    expect(() => loadIngestProfiles(dir)).toThrow(/profiles\[0\].*retentionYears/);
  });

  it("refuses a profile id used twice", () => {
    const dir = writeConfig(JSON.stringify({ profiles: [valid, valid] }));
    expect(() => loadIngestProfiles(dir)).toThrow(/profiles\[1\]\.id "default" is used twice/);
  });

  it("says when the file is missing or not JSON", () => {
    expect(() => loadIngestProfiles(path.join(tmpRoot, "missing"))).toThrow(
      /ingest-profiles\.json: it does not exist/,
    );
    expect(() => loadIngestProfiles(writeConfig("{ profiles: "))).toThrow(
      /ingest-profiles\.json are not valid JSON/,
    );
  });

  it("validates already-parsed JSON and names the given source", () => {
    expect(() => parseIngestProfiles({ profiles: [] }, "upload")).toThrow(
      /in upload are invalid: profiles must list/,
    );
  });
});

describe("describeRetention", () => {
  it("reads as a label", () => {
    expect(describeRetention({ kind: "permanent" })).toBe("Permanent");
    expect(describeRetention({ kind: "years", years: 1 })).toBe("1 year");
    expect(describeRetention({ kind: "years", years: 10 })).toBe("10 years");
  });
});
