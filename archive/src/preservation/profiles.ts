// The preservation profiles of preservation-profiles.json (archive/config by default): validated once at start, filtered
// per request, and answered in the ETSI ProfileType form.
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { INGEST_PROFILE_EXTENSION } from "@scriptorium/contract/preservation/extensions";

export const PRESERVATION_PROFILES_FILE = "preservation-profiles.json";

// ETSI writes validity periods as UTC timestamps without fractions (YYYY-MM-DDThh:mm:ssZ).
const utc = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, "must be YYYY-MM-DDThh:mm:ssZ");
const text = z.strictObject({ lang: z.string().min(2), value: z.string().min(1) });
const format = z.strictObject({
  fid: z.string().min(1),
  spec: z.string().optional(),
  desc: z.array(text).optional(),
  def: z.boolean().optional(),
});

const profileSchema = z.strictObject({
  pid: z.string().regex(/^(urn|https?):\S+$/, "must be a URI"),
  spec: z.array(z.string().min(1)).min(1),
  description: z
    .array(text)
    .refine((d) => d.some((t) => t.lang === "en"), "needs an English (en) text"),
  sid: z.string().optional(),
  pvp: z.strictObject({ vfrom: utc, vuntl: utc.optional() }),
  psm: z.enum(["WithStorage", "WithTemporaryStorage", "WithoutStorage"]),
  pg: z
    .array(
      z.string().regex(/^http:\/\/uri\.etsi\.org\/19512\/goal\/\w+$/, "must be an ETSI goal URI"),
    )
    .min(1),
  ef: z.array(format).min(1),
  eed: z.string().optional(),
  perp: z.string().optional(),
  ingestProfile: z.string().min(1),
  poFormats: z.array(format).min(1),
});

const fileSchema = z.strictObject({
  $schema: z.string().optional(),
  $comment: z.string().optional(),
  profiles: z.array(profileSchema).min(1, "must list at least one profile"),
});

export type ProfileFormat = z.infer<typeof format>;
export type PreservationProfile = z.infer<typeof profileSchema>;
export type ProfileStatus = "active" | "inactive" | "all";

export interface PreservationProfiles {
  list(): PreservationProfile[];
  get(pid: string): PreservationProfile | undefined;
  // The profile of a package stored under an ingest profile: the active one naming it, else any.
  forIngestProfile(ingestProfile: string, now?: Date): PreservationProfile | undefined;
}

// Reads and validates <configDir>/preservation-profiles.json; throws an Error naming the file and field.
export function loadPreservationProfiles(configDir: string): PreservationProfiles {
  const file = path.join(configDir, PRESERVATION_PROFILES_FILE);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === "ENOENT"
        ? "it does not exist"
        : (error as Error).message;
    throw new Error(`The preservation profiles cannot be read from ${file}: ${reason}.`);
  }
  return parsePreservationProfiles(json, file);
}

// Validates already-parsed profile JSON; `source` names it in errors.
export function parsePreservationProfiles(
  json: unknown,
  source = PRESERVATION_PROFILES_FILE,
): PreservationProfiles {
  const parsed = fileSchema.safeParse(json);
  const fail = (problem: string) =>
    new Error(`The preservation profiles in ${source} are invalid: ${problem}.`);
  if (!parsed.success) {
    throw fail(
      parsed.error.issues.map((i) => `${i.path.join(".") || "the file"} ${i.message}`).join("; "),
    );
  }
  const profiles = parsed.data.profiles;
  const byPid = new Map<string, PreservationProfile>();
  for (const [index, profile] of profiles.entries()) {
    if (byPid.has(profile.pid)) throw fail(`profiles.${index}.pid "${profile.pid}" is used twice`);
    if (profile.pvp.vuntl && profile.pvp.vuntl < profile.pvp.vfrom) {
      throw fail(`profiles.${index}.pvp ends before it starts`);
    }
    for (const field of ["ef", "poFormats"] as const) {
      if (profile[field].filter((f) => f.def).length > 1)
        throw fail(`profiles.${index}.${field} has two defaults`);
    }
    byPid.set(profile.pid, profile);
  }
  return {
    list: () => [...profiles],
    get: (pid) => byPid.get(pid),
    forIngestProfile(ingestProfile, now = new Date()) {
      const named = profiles.filter((p) => p.ingestProfile === ingestProfile);
      return named.find((p) => isProfileActive(p, now)) ?? named[0];
    },
  };
}

// Whether a profile's validity period covers `now` (ETSI: an expired or future profile is inactive).
export function isProfileActive(profile: PreservationProfile, now: Date): boolean {
  const from = Date.parse(profile.pvp.vfrom);
  const until = profile.pvp.vuntl ? Date.parse(profile.pvp.vuntl) : Number.POSITIVE_INFINITY;
  const t = now.getTime();
  return from <= t && t <= until;
}

// RetrieveInfo's selection: `stat` defaults to active; `pro` narrows to one profile.
export function selectProfiles(
  profiles: PreservationProfile[],
  filter: { pro?: string; stat?: ProfileStatus },
  now: Date,
): PreservationProfile[] {
  const stat = filter.stat ?? "active";
  return profiles.filter((p) => {
    if (filter.pro !== undefined && p.pid !== filter.pro) return false;
    if (stat === "all") return true;
    return isProfileActive(p, now) === (stat === "active");
  });
}

// The format a profile uses when the request names none: the one marked def, else the first.
export function defaultFormat(formats: ProfileFormat[]): string {
  return (formats.find((f) => f.def) ?? formats[0])?.fid ?? "";
}

// The name of the profile extension (md-ExtensionType, a name and a string) that carries the PEM
// certificate chain of the time-stamp authority sealing the profile's evidence: ETSI's profile has no
// field for it, and its free-text description is the operator's, in several languages.
export const TSA_CERTIFICATES_EXTENSION = "urn:scriptorium:tsa-certificates";

// The ETSI form of a profile: Scriptorium's own fields become the RetrievePO operation's parameters
// and extensions: the ingest profile it serves (INGEST_PROFILE_EXTENSION, from the contract) and
// `tsaCertificates` (PEM) in the extension above.
export function toEtsiProfile(profile: PreservationProfile, tsaCertificates?: string) {
  const { ingestProfile, poFormats, ...etsi } = profile;
  const operations = [
    "RetrieveInfo",
    "PreservePO",
    "RetrievePO",
    "DeletePO",
    "UpdatePOC",
    "RetrieveTrace",
    "Search",
    "ValidateEvidence",
  ];
  return {
    ...etsi,
    op: operations.map((name) =>
      name === "RetrievePO"
        ? {
            name,
            opt: [
              { name: "poFormat", form: poFormats },
              { name: "evFormat", form: profile.ef },
            ],
          }
        : { name },
    ),
    ext: [
      { name: INGEST_PROFILE_EXTENSION, value: ingestProfile },
      ...(tsaCertificates ? [{ name: TSA_CERTIFICATES_EXTENSION, value: tsaCertificates }] : []),
    ],
  };
}
