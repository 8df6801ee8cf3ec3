import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { ArchiveIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Objects" };

// Preserved objects in the archive, with their versions, files and evidence.
export default function ObjectsPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Objects"
        description="Preserved objects in the archive, with their versions, files and evidence."
      />
      <EmptyState icon={<ArchiveIcon />} title="No objects to show yet">
        Objects will let you find a preserved object by its identifier or metadata, open its
        versions and files, download its evidence and read its trace. Nothing is listed until the
        dashboard is connected to the archive.
      </EmptyState>
    </div>
  );
}
