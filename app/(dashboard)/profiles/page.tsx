import type { Metadata } from "next";
import { ProfileCard } from "@/components/profiles/profile-card";
import { ProfileFilter } from "@/components/profiles/profile-filter";
import { ResultNotice } from "@/components/results/result-notice";
import { EmptyState } from "@/components/ui/empty-state";
import { LayersIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/auth/session";
import { profileMatches } from "@/lib/preservation/profile-text";
import { readerLanguages, retrieveProfiles } from "./_lib/retrieve-info";

export const metadata: Metadata = { title: "Profiles" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const STATUSES = ["active", "inactive", "all"] as const;
type Status = (typeof STATUSES)[number];

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

// The preservation profiles the archive offers (RetrieveInfo), filtered by status and words.
export default async function ProfilesPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const wanted = first(params.stat);
  const stat: Status = (STATUSES as readonly string[]).includes(wanted)
    ? (wanted as Status)
    : "active";
  const query = first(params.q).trim();
  const session = await requireSession("/profiles");
  const [answer, languages] = await Promise.all([
    retrieveProfiles(session, { stat }),
    readerLanguages(),
  ]);
  const now = new Date();
  const profiles = answer.ok ? answer.profiles.filter((p) => profileMatches(p, query)) : [];
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Profiles"
        description="The preservation profiles the archive offers: what each keeps, with which evidence, and for how long."
      />
      <ProfileFilter stat={stat} query={query} />
      {!answer.ok ? (
        <ResultNotice error={answer.error} />
      ) : profiles.length === 0 ? (
        <EmptyState icon={<LayersIcon />} title="No profiles match">
          {query
            ? `No ${stat === "all" ? "" : `${stat} `}profile mentions "${query}". Try other words or another status.`
            : `The archive lists no ${stat === "all" ? "" : `${stat} `}profiles.`}
        </EmptyState>
      ) : (
        <section aria-label="Profiles" className="flex flex-col gap-4">
          <p className="text-ink-muted text-sm" aria-live="polite">
            {profiles.length === 1 ? "1 profile" : `${profiles.length} profiles`}
          </p>
          {profiles.map((profile) => (
            <ProfileCard key={profile.pid} profile={profile} languages={languages} now={now} />
          ))}
        </section>
      )}
    </div>
  );
}
