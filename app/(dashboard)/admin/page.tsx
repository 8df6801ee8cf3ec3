import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { ShieldIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Admin" };

// Deletion approvals, the audit log and the archive connection.
export default function AdminPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Admin"
        description="Deletion approvals, the audit log and the archive connection."
      />
      <EmptyState icon={<ShieldIcon />} title="Nothing to administer yet">
        Administrators will approve or refuse deletion requests here, read the audit log of who did
        what, and check the connection to the archive.
      </EmptyState>
    </div>
  );
}
