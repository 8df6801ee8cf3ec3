import type { Metadata } from "next";
import { BatchWorkspace } from "@/components/batch/batch-workspace";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/auth/session";
import { listIngestProfiles } from "@/lib/ingest/profiles";
import { listSchemas } from "@/lib/metadata/registry";

export const metadata: Metadata = { title: "Batch ingest" };

// Send a folder of files with a metadata spreadsheet as many packages.
export default async function BatchPage() {
  const session = await requireSession("/batch");
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Batch ingest"
        description="Send a folder of files, with a metadata spreadsheet, as many packages: planned and checked before anything is sent, resumable after a reload."
      />
      <BatchWorkspace
        key={session.user.id}
        userId={session.user.id}
        profiles={listIngestProfiles()}
        schemas={listSchemas()}
      />
    </div>
  );
}
