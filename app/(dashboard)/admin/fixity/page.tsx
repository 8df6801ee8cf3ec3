import type { Metadata } from "next";
import Link from "next/link";
import { FixityReportView } from "@/components/admin/fixity-report";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ShieldIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/auth/session";
import { fixityAnswer } from "./_lib/fixity-answer";

export const metadata: Metadata = { title: "Fixity audits" };

// The archive's fixity audits of the current tenant: how many objects were re-hashed, which files
// failed, and the rate of the audits.
export default async function FixityPage() {
  const session = await requireSession("/admin/fixity");
  if (!session.isAdmin) {
    return (
      <div className="flex flex-col gap-8">
        <PageHeader title="Fixity audits" />
        <EmptyState icon={<ShieldIcon />} title="For administrators only">
          Only an administrator can read the archive&apos;s fixity report.
        </EmptyState>
      </div>
    );
  }
  const answer = await fixityAnswer(session);
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Fixity audits"
        description="The archive re-reads and re-hashes every stored file on a schedule; a file whose bytes changed is named here."
        actions={
          <Link href="/admin" className={buttonClasses("secondary")}>
            Admin
          </Link>
        }
      />
      <FixityReportView answer={answer} />
    </div>
  );
}
