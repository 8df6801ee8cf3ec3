import type { Metadata } from "next";
import Link from "next/link";
import { AuditLog } from "@/components/admin/audit-log";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ShieldIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { readAuditFilters } from "@/lib/admin/audit-filters";
import { requireSession } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Audit log" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// Every change made through the dashboard: who, when, on what, and how it ended (admins only).
export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  const session = await requireSession("/admin/audit");
  if (!session.isAdmin) {
    return (
      <div className="flex flex-col gap-8">
        <PageHeader title="Audit log" />
        <EmptyState icon={<ShieldIcon />} title="For administrators only">
          Only an administrator can read the audit log.
        </EmptyState>
      </div>
    );
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) {
    if (typeof value === "string") params.set(key, value);
  }
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Audit log"
        description="Every change made through the dashboard: who did what, when, to which object, and how it ended. Entries are never changed or removed."
        actions={
          <Link href="/admin" className={buttonClasses("secondary")}>
            Admin
          </Link>
        }
      />
      <AuditLog initialFilters={readAuditFilters(params)} />
    </div>
  );
}
