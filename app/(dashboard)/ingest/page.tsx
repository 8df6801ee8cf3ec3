import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { UploadIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Ingest" };

// Send a new package to the archive with its files and metadata.
export default function IngestPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Ingest"
        description="Send a new package to the archive with its files and metadata."
      />
      <EmptyState icon={<UploadIcon />} title="The ingest form is not here yet">
        Here you will choose a profile, add files and describe them, and send them as one package.
        Small packages go in a single request; large files upload straight to the archive with
        progress and a checksum.
      </EmptyState>
    </div>
  );
}
