import type { Metadata } from "next";
import Link from "next/link";
import { SipWatch } from "@/components/ingests/sip-watch";
import { PageHeader } from "@/components/ui/page-header";
import { ObjectStateBadge } from "@/components/holdings/state-badge";
import { requireSession } from "@/lib/auth/session";
import { findObject } from "@/lib/catalogue/store";
import { getDb } from "@/lib/db";
import { listSchemas } from "@/lib/metadata/registry";

type Props = { params: Promise<{ packageId: string; submissionName: string }> };

// Next hands the segments over still percent-encoded when they hold reserved characters.
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

// The browser tab names the SIP being watched.
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { packageId, submissionName } = await params;
  return { title: `${decoded(packageId)} / ${decoded(submissionName)}` };
}

// One SIP's live status, timeline, plugin reports and package details.
export default async function SipStatusPage({ params }: Props) {
  const raw = await params;
  const packageId = decoded(raw.packageId);
  const submissionName = decoded(raw.submissionName);
  const session = await requireSession(`/ingests/${raw.packageId}/${raw.submissionName}`);
  // The title the person typed, from the catalogue; the page still opens without it.
  const known = await getDb()
    .then((db) => findObject(db, session.tenant, packageId))
    .catch(() => null);
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={
          known?.title ? (
            <span className="flex flex-col gap-1">
              <span className="break-words">{known.title}</span>
              <span className="text-ink-muted text-sm font-normal break-all">{packageId}</span>
            </span>
          ) : (
            <span className="break-all">{packageId}</span>
          )
        }
        description={
          <>
            {known?.state === "deleted" || known?.state === "deletion-requested" ? (
              <>
                <ObjectStateBadge state={known.state} />{" "}
              </>
            ) : null}
            {`Submission ${submissionName}: its status, the archive's plugin reports, and the package as ingested.`}
          </>
        }
        actions={
          <Link
            href="/ingests"
            className="text-accent text-sm font-medium underline underline-offset-2"
          >
            All ingests
          </Link>
        }
      />
      <SipWatch packageId={packageId} submissionName={submissionName} schemas={listSchemas()} />
    </div>
  );
}
