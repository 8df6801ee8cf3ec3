// One name per profile wherever the dashboard shows one. The ingest API names a package's profile by
// the operator's ingest profile id ("default"); the preservation API by a preservation profile's
// URI. Each gets the name a person reads (the ingest profile's title, the preservation profile's
// description lead, which the operator begins with the same words) and, where the archive says
// which preservation profile serves an ingest profile, the page that describes it. Pure: the pages
// build it on the server and hand it to their tables and filters.
import type { Profile } from "@scriptorium/contract/preservation/schemas";
import { profileName, profileValidity, servedIngestProfile } from "./profile-text";

export interface ProfileLabel {
  // What a person reads.
  name: string;
  // The preservation profile whose page describes it, when known.
  pid?: string;
}

export type ProfileLabels = Readonly<Record<string, ProfileLabel>>;

// Labels for every ingest profile (by id) and every preservation profile (by pid). An ingest
// profile links to the active preservation profile serving it, else to any that serves it.
export function profileLabels(
  ingestProfiles: readonly { id: string; title: string }[],
  profiles: readonly Profile[],
  languages: readonly string[],
  now: Date,
): Record<string, ProfileLabel> {
  const labels: Record<string, ProfileLabel> = {};
  for (const profile of profiles) {
    labels[profile.pid] = { name: profileName(profile, languages), pid: profile.pid };
  }
  for (const ingest of ingestProfiles) {
    const serving = profiles.filter((p) => servedIngestProfile(p) === ingest.id);
    const chosen =
      serving.find((p) => profileValidity(p.pvp, now).state === "active") ?? serving[0];
    labels[ingest.id] = { name: ingest.title, ...(chosen ? { pid: chosen.pid } : {}) };
  }
  return labels;
}

// The address of a preservation profile's page.
export function profilePath(pid: string): string {
  return `/profiles/${encodeURIComponent(pid)}`;
}
