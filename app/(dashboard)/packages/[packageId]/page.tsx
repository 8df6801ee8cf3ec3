import type { Metadata } from "next";
import Link from "next/link";
import { MetadataUpdateForm } from "@/components/packages/metadata-update-form";
import { inputClasses, labelClasses } from "@/components/metadata/input-classes";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ArchiveIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { listIngestProfiles } from "@/lib/ingest/profiles";
import { latestSubmission } from "@/lib/journal/submissions";
import { listSchemas } from "@/lib/metadata/registry";
import { statusPagePath } from "@/lib/queries/ingest";

type Props = {
  params: Promise<{ packageId: string }>;
  searchParams: Promise<{ from?: string | string[] }>;
};

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

// The browser tab names the package.
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Update ${decoded((await params).packageId)}` };
}

// Edit a package's metadata from its current values and send it as a delta SIP.
export default async function PackagePage({ params, searchParams }: Props) {
  const raw = (await params).packageId;
  const packageId = decoded(raw);
  const session = await requireSession(`/packages/${raw}`);
  const given = (await searchParams).from;
  const from = typeof given === "string" && given.trim() !== "" ? given.trim() : null;
  // Without ?from=, the newest ingested submission the journal knows carries the current metadata.
  const latest = await latestSubmission(await getDb(), session.tenant, packageId);
  const submissionName = from ?? latest?.submissionName ?? null;
  const profile = latest?.profile ?? null;
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={<span className="break-all">Update {packageId}</span>}
        description="Change the package metadata. Sending it creates a new version of the package through a delta SIP; the earlier versions are kept."
        actions={
          submissionName ? (
            <Link
              href={statusPagePath(packageId, submissionName)}
              className="text-accent text-sm font-medium underline underline-offset-2"
            >
              Status of {submissionName}
            </Link>
          ) : undefined
        }
      />
      {submissionName ? (
        <Card>
          <CardContent className="flex flex-col gap-4">
            <p className="text-ink-muted text-sm">
              Starting from the metadata of submission{" "}
              <span className="text-ink font-medium">{submissionName}</span>. A record replaces the
              package&apos;s record of the same schema; records of schemas you leave out stay as
              they are.
            </p>
            <MetadataUpdateForm
              packageId={packageId}
              submissionName={submissionName}
              profile={profile}
              profiles={listIngestProfiles()}
              schemas={listSchemas()}
            />
          </CardContent>
        </Card>
      ) : (
        <EmptyState icon={<ArchiveIcon />} title="The dashboard has no submission of this package">
          <p>
            The current metadata comes from the version a submission produced. Name a submission of{" "}
            {packageId} to start from it.
          </p>
          <form method="get" className="mt-4 flex flex-wrap items-end justify-center gap-2">
            <div className="flex flex-col gap-1.5 text-left">
              <label htmlFor="from" className={labelClasses}>
                Submission name
              </label>
              <input
                id="from"
                name="from"
                required
                placeholder="sip-1"
                className={inputClasses("h-10 w-48")}
              />
            </div>
            <Button type="submit" variant="secondary">
              Start from it
            </Button>
          </form>
        </EmptyState>
      )}
    </div>
  );
}
