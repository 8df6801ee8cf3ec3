import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { ListIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Ingests" };

// Packages you have submitted and where each one stands.
export default function IngestsPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Ingests"
        description="Packages you have submitted and where each one stands."
      />
      <EmptyState icon={<ListIcon />} title="No submissions yet">
        Every package sent from the Ingest page will be listed here with its status (pending,
        processing, ingested or failed), updated while you watch.
      </EmptyState>
    </div>
  );
}
