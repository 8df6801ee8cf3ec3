import "server-only";
// How the ingest wizard's profiles relate to the preservation profiles of this page: the two
// APIs name them differently, and a person meets both.
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { listIngestProfiles } from "@/lib/ingest/profiles";

// A card under a preservation profile's details.
export function IngestProfileNote() {
  const ingestProfiles = listIngestProfiles();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Ingest profiles and this profile</CardTitle>
      </CardHeader>
      <CardContent className="text-ink flex flex-col gap-3 text-sm/6">
        <p>
          A package sent with <strong>Ingest</strong> is stored under an <em>ingest profile</em>:
          the operator&apos;s rule for how long it is kept and which metadata it may carry. The
          archive preserves it under the active <em>preservation profile</em> that names that ingest
          profile, which decides how objects are stored and which evidence proves them unchanged.
          Objects sent with <strong>Preserve</strong> name a preservation profile such as this one
          directly.
        </p>
        {ingestProfiles.length > 0 ? (
          <p className="text-ink-muted">
            Ingest profiles:{" "}
            {ingestProfiles.map((p, i) => (
              <span key={p.id}>
                {i > 0 ? "; " : ""}
                {p.title} (<code className="font-mono">{p.id}</code>, {p.retention.toLowerCase()})
              </span>
            ))}
            .
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
