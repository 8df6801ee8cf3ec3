import type { Metadata } from "next";
import Link from "next/link";
import { IngestWizard } from "@/components/ingests/ingest-wizard";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/auth/session";
import { listIngestProfiles } from "@/lib/ingest/profiles";
import { listSchemas } from "@/lib/metadata/registry";

export const metadata: Metadata = { title: "Ingest" };

// Send a new package to the archive with its files and metadata.
export default async function IngestPage() {
  const session = await requireSession("/ingest");
  const profiles = listIngestProfiles();
  const schemas = listSchemas();
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Ingest"
        description="Send a new package to the archive with its files and metadata."
        actions={
          <Link
            href="/ingest/sip"
            className="text-accent text-sm font-medium underline underline-offset-2"
          >
            Send a prepared SIP (BagIt zip) instead
          </Link>
        }
      />
      {/* key: another user signing in in this tab starts from their own draft. */}
      <IngestWizard
        key={session.user.id}
        userId={session.user.id}
        profiles={profiles}
        schemas={schemas}
      />
    </div>
  );
}
