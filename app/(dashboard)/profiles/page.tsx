import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { LayersIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Profiles" };

// The preservation profiles the archive offers: what each keeps, in which formats, with which evidence.
export default function ProfilesPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Profiles"
        description="The preservation profiles the archive offers: what each keeps, in which formats, with which evidence."
      />
      <EmptyState icon={<LayersIcon />} title="No profiles to show yet">
        Profiles will list the archive&apos;s preservation profiles, read from its RetrieveInfo
        operation, with their formats, evidence and validity. They appear here once the dashboard is
        connected to the archive.
      </EmptyState>
    </div>
  );
}
