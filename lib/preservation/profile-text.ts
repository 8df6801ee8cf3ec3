// How a preservation profile (ETSI TS 119 512 ProfileType) is said to a person: its description in
// the reader's language, its goals, storage model, evidence formats, validity and operations.
// Pure, so that both the server pages and the browser can use it, and the wording is tested.
import type {
  InternationalString,
  Profile,
  ProfileValidityPeriod,
} from "@scriptorium/contract/preservation/schemas";
import { INGEST_PROFILE_EXTENSION } from "@scriptorium/contract/preservation/constants";

// The reader's languages from an Accept-Language header, most wanted first ("de-CH", "de", "en").
export function preferredLanguages(acceptLanguage: string | null | undefined): string[] {
  if (!acceptLanguage) return [];
  return acceptLanguage
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((l) => l.tag !== "" && l.tag !== "*" && l.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((l) => l.tag);
}

const base = (lang: string | undefined) => lang?.toLowerCase().split("-")[0];

// The text in the first of `languages` that has one (exact tag, then the base language), else
// English, else the first non-empty text; null when there is none.
export function localizedText(
  texts: readonly InternationalString[] | undefined,
  languages: readonly string[],
): string | null {
  const usable = (texts ?? []).filter((t) => typeof t.value === "string" && t.value.trim() !== "");
  for (const lang of languages) {
    const exact = usable.find((t) => t.lang?.toLowerCase() === lang.toLowerCase());
    const sameBase = exact ?? usable.find((t) => base(t.lang) === base(lang));
    if (sameBase) return sameBase.value!.trim();
  }
  const chosen = usable.find((t) => base(t.lang) === "en") ?? usable[0];
  return chosen?.value?.trim() ?? null;
}

// The profile's description for this reader.
export function profileDescription(
  profile: Pick<Profile, "description">,
  languages: readonly string[],
) {
  return localizedText(profile.description, languages);
}

const NAME_LIMIT = 60;

// A profile as a person names it: the lead of its description in the reader's language (up to
// the first colon, semicolon, comma, bracket or full stop), since ETSI profiles carry no name;
// the identifier when there is no description.
export function profileName(
  profile: Pick<Profile, "pid" | "description">,
  languages: readonly string[],
): string {
  const text = profileDescription(profile, languages);
  if (!text) return profile.pid;
  const lead = (text.split(/\s*[:;,(]\s*|\.\s/)[0] ?? "").trim().replace(/\.$/, "");
  if (lead === "") return profile.pid;
  if (lead.length <= NAME_LIMIT) return lead;
  const cut = lead.slice(0, NAME_LIMIT);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : NAME_LIMIT)}…`;
}

// The ingest profile whose packages the profile preserves, when the archive names it (the profile
// extension INGEST_PROFILE_EXTENSION); undefined when it does not, as the vendor's archive may not.
export function servedIngestProfile(profile: Pick<Profile, "ext">): string | undefined {
  const entry = (profile.ext ?? []).find((e) => e.name === INGEST_PROFILE_EXTENSION);
  return typeof entry?.value === "string" && entry.value !== "" ? entry.value : undefined;
}

// The preservation goals ETSI TS 119 512 defines (XSD note on PreservationGoal).
export const PRESERVATION_GOALS: Record<string, { name: string; detail: string }> = {
  "http://uri.etsi.org/19512/goal/pgd": {
    name: "Preservation of general data",
    detail: "Keeps any kind of data and proves that it existed unchanged since it was preserved.",
  },
  "http://uri.etsi.org/19512/goal/pds": {
    name: "Preservation of digital signatures",
    detail:
      "Keeps signed documents so that their signatures can still be proven valid in the future.",
  },
  "http://uri.etsi.org/19512/goal/aug": {
    name: "Augmentation of submitted evidence",
    detail: "Extends evidence supplied with an object, such as renewing its time-stamps.",
  },
};

// The last meaningful segment of a URI or URN, for codes we have no name for.
function lastSegment(uri: string): string {
  return uri.split(/[/:#]/).filter(Boolean).at(-1) ?? uri;
}

// A goal's name and explanation; an unknown goal is named by its URI's last segment.
export function goalText(uri: string): { name: string; detail: string; uri: string } {
  const known = PRESERVATION_GOALS[uri];
  if (known) return { ...known, uri };
  return {
    name: `Goal "${lastSegment(uri)}"`,
    detail: "A goal ETSI TS 119 512 does not define.",
    uri,
  };
}

const STORAGE_MODELS: Record<string, string> = {
  WithStorage:
    "The archive stores the objects and their evidence for the whole preservation period.",
  WithTemporaryStorage:
    "The archive keeps the objects only for a while (to create evidence); you keep them yourself.",
  WithoutStorage:
    "The archive does not keep the objects: it only creates and keeps evidence about them.",
};

// The storage model (psm) in words; unknown values are named as they are.
export function storageModelText(psm: string | undefined): string {
  if (!psm) return "The profile does not say how the archive stores objects.";
  return STORAGE_MODELS[psm] ?? `The archive names its storage model "${psm}".`;
}

const EVIDENCE_FORMATS: Record<string, string> = {
  "urn:ietf:rfc:6283": "XML evidence record (RFC 6283)",
  "urn:ietf:rfc:4998": "ASN.1 evidence record, DER encoded (RFC 4998)",
};

// An evidence format id as a person names it.
export function evidenceFormatName(fid: string): string {
  return EVIDENCE_FORMATS[fid] ?? fid;
}

// The file extension an evidence record of a format is saved with.
export function evidenceFileExtension(fid: string): string {
  return fid === "urn:ietf:rfc:6283" ? ".xml" : fid === "urn:ietf:rfc:4998" ? ".ers" : ".bin";
}

// A specification reference with a readable label and, where there is one, a link.
export function specReference(spec: string): { label: string; href?: string } {
  const rfc = /^urn:ietf:rfc:(\d+)$/i.exec(spec);
  if (rfc) return { label: `RFC ${rfc[1]}`, href: `https://www.rfc-editor.org/rfc/rfc${rfc[1]}` };
  // ETSI's URIs drop the leading 1 of the document number (TS 119 512 -> 19512).
  const etsi = /^https?:\/\/uri\.etsi\.org\/(\d{2})(\d{3})\/v?([\d.]+)/i.exec(spec);
  if (etsi) return { label: `ETSI TS 1${etsi[1]} ${etsi[2]} v${etsi[3]}` };
  if (/^https?:\/\//i.test(spec)) return { label: spec, href: spec };
  return { label: spec };
}

export type ValidityState = "active" | "upcoming" | "expired";

// Whether a profile may be used now, and a sentence saying from when until when.
export function profileValidity(
  pvp: ProfileValidityPeriod | undefined,
  now: Date,
  formatDate: (date: Date) => string = (d) => d.toISOString().slice(0, 10),
): { state: ValidityState; text: string } {
  if (!pvp) return { state: "active", text: "The profile names no validity period." };
  const from = new Date(pvp.vfrom);
  const until = pvp.vuntl ? new Date(pvp.vuntl) : undefined;
  if (now < from)
    return { state: "upcoming", text: `Valid from ${formatDate(from)}; not usable yet.` };
  if (until && now > until) {
    return {
      state: "expired",
      text: `Was valid from ${formatDate(from)} until ${formatDate(until)}.`,
    };
  }
  return {
    state: "active",
    text: until
      ? `Valid from ${formatDate(from)} until ${formatDate(until)}.`
      : `Valid since ${formatDate(from)}, with no end date.`,
  };
}

const DURATION_UNITS: [string, string][] = [
  ["Y", "year"],
  ["M", "month"],
  ["W", "week"],
  ["D", "day"],
];

// An ISO 8601 duration of whole dates (P10Y, P1Y6M) in words; anything else as it is.
export function durationText(duration: string | undefined): string | null {
  if (!duration) return null;
  const match = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?$/.exec(duration);
  if (!match || match.slice(1).every((v) => v === undefined)) return duration;
  const parts = DURATION_UNITS.flatMap(([, unit], index) => {
    const value = match[index + 1];
    if (value === undefined) return [];
    return [`${value} ${unit}${value === "1" ? "" : "s"}`];
  });
  return parts.join(", ");
}

// What each operation does, for the list of what a profile offers.
export const OPERATION_TEXT: Record<string, string> = {
  RetrieveInfo: "Describe the profile (this page).",
  PreservePO: "Preserve new objects under this profile.",
  RetrievePO: "Retrieve preserved objects and their evidence.",
  DeletePO: "Delete preserved objects (administrators only).",
  UpdatePOC: "Add a new version to a preserved object.",
  RetrieveTrace: "Show the trail of everything done to an object.",
  Search: "Search preserved objects.",
  ValidateEvidence: "Check whether an evidence record is valid.",
};

// The operation names a profile lists (ETSI `op[].name`), in its order, without repeats.
export function profileOperations(profile: Pick<Profile, "op">): string[] {
  const names = (profile.op ?? []).flatMap((op) =>
    typeof op.name === "string" && op.name !== "" ? [op.name] : [],
  );
  return [...new Set(names)];
}

// Whether a profile's id or any of its descriptions contains the query (any case).
export function profileMatches(
  profile: Pick<Profile, "pid" | "description">,
  query: string,
): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === "") return true;
  const haystack = [profile.pid, ...(profile.description ?? []).map((d) => d.value ?? "")];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}
