import "server-only";
// How the ingest wizard's profiles relate to the preservation profile of this page: the two APIs
// name them apart, and a person meets both. Where the archive says which ingest profile the
// profile serves (its urn:scriptorium:ingest-profile extension), the card names that one.
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { listIngestProfiles, type IngestProfileOption } from "@/lib/ingest/profiles";

function Named({ profile }: { profile: IngestProfileOption }) {
  return (
    <>
      <strong>{profile.title}</strong> (<code className="font-mono">{profile.id}</code>,{" "}
      {profile.retention.toLowerCase()})
    </>
  );
}

// A card under a preservation profile's details; `served` is the ingest profile the archive says
// the profile serves, if it says.
export function IngestProfileNote({ served }: { served?: string | undefined }) {
  const ingestProfiles = listIngestProfiles();
  const feeding = served ? ingestProfiles.find((p) => p.id === served) : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Ingest profiles and this profile</CardTitle>
      </CardHeader>
      <CardContent className="text-ink flex flex-col gap-3 text-sm/6">
        {served ? (
          <p>
            Packages sent with <strong>Ingest</strong> under the ingest profile{" "}
            {feeding ? <Named profile={feeding} /> : <code className="font-mono">{served}</code>}{" "}
            are preserved under this profile.
            {feeding ? null : " This dashboard's configuration does not list that ingest profile."}
          </p>
        ) : null}
        <p>
          A package sent with <strong>Ingest</strong> is stored under an <em>ingest profile</em>:
          the operator&apos;s rule for how long it is kept and which metadata it may carry. The
          archive preserves it under the active <em>preservation profile</em> that names that ingest
          profile, which decides how objects are stored and which evidence proves them unchanged.
          Objects sent with <strong>Preserve</strong> name a preservation profile such as this one
          directly.
        </p>
        {!served && ingestProfiles.length > 0 ? (
          <p className="text-ink-muted">
            The archive does not say which ingest profile this profile serves. Ingest profiles:{" "}
            {ingestProfiles.map((p, i) => (
              <span key={p.id}>
                {i > 0 ? "; " : ""}
                <Named profile={p} />
              </span>
            ))}
            .
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
