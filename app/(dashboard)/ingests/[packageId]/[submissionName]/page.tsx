import type { Metadata } from "next";
import Link from "next/link";
import { SipWatch } from "@/components/ingests/sip-watch";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/auth/session";
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
  await requireSession(`/ingests/${raw.packageId}/${raw.submissionName}`);
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={<span className="break-all">{packageId}</span>}
        description={`Submission ${submissionName}: its status, the archive's plugin reports, and the package as ingested.`}
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
