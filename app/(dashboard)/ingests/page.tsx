import type { Metadata } from "next";
import { IngestJournal } from "@/components/ingests/ingest-journal";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/auth/session";
import { profileLabelsFor } from "../_lib/profile-labels";

export const metadata: Metadata = { title: "Ingests" };

// Packages submitted through the dashboard and where each one stands.
export default async function IngestsPage() {
  const session = await requireSession("/ingests");
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Ingests"
        description={
          session.isAdmin
            ? "Every package submitted through the dashboard in this tenant, its last known status and plugin outcome, and the review queue."
            : "Packages you have submitted and where each one stands."
        }
      />
      <IngestJournal isAdmin={session.isAdmin} profiles={await profileLabelsFor(session)} />
    </div>
  );
}
