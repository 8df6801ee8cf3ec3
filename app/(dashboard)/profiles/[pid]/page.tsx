import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { IngestProfileNote } from "@/components/profiles/ingest-profile-note";
import { ProfileDetails } from "@/components/profiles/profile-details";
import { ResultNotice } from "@/components/results/result-notice";
import { buttonClasses } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/auth/session";
import {
  profileDescription,
  profileName,
  profileValidity,
  servedIngestProfile,
} from "@/lib/preservation/profile-text";
import { readerLanguages, retrieveProfiles } from "../_lib/retrieve-info";

type Params = Promise<{ pid: string }>;

// The segment as typed: a profile id is a URI, so it arrives percent-encoded.
function pidOf(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

// The page's title names the profile.
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `Profile ${pidOf((await params).pid)}` };
}

// One profile in words: description in the reader's language, validity, storage, goals, evidence.
export default async function ProfilePage({ params }: { params: Params }) {
  const pid = pidOf((await params).pid);
  const session = await requireSession(`/profiles/${encodeURIComponent(pid)}`);
  // Every status: an expired profile still describes the objects preserved under it.
  const [answer, languages] = await Promise.all([
    retrieveProfiles(session, { stat: "all" }),
    readerLanguages(),
  ]);
  if (!answer.ok) {
    return (
      <div className="flex flex-col gap-8">
        <PageHeader title="Profile" />
        <ResultNotice error={answer.error} />
      </div>
    );
  }
  const profile = answer.profiles.find((p) => p.pid === pid);
  if (!profile) notFound();
  const active = profileValidity(profile.pvp, new Date()).state === "active";
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={profileName(profile, languages)}
        description={
          <>
            <span className="text-ink-muted block font-mono text-sm break-all">{profile.pid}</span>
            {profileDescription(profile, languages) ?? "The profile has no description."}
          </>
        }
        actions={
          <>
            <Link href="/profiles" className={buttonClasses("secondary")}>
              All profiles
            </Link>
            {active ? (
              <Link
                href={`/objects/new?profile=${encodeURIComponent(profile.pid)}`}
                className={buttonClasses("primary")}
              >
                Preserve under this profile
              </Link>
            ) : null}
          </>
        }
      />
      <ProfileDetails profile={profile} languages={languages} now={new Date()} />
      <IngestProfileNote served={servedIngestProfile(profile)} />
    </div>
  );
}
