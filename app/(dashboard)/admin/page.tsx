import type { Metadata } from "next";
import Link from "next/link";
import { PendingDeletions, DeletionHistory } from "@/components/admin/deletion-requests";
import { FourEyesToggle } from "@/components/admin/four-eyes-toggle";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ShieldIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { readFourEyesState } from "@/lib/deletions/four-eyes";

export const metadata: Metadata = { title: "Admin" };

// Deletion approvals and their setting, with links to the audit log and the sessions.
export default async function AdminPage() {
  const session = await requireSession("/admin");
  if (!session.isAdmin) {
    return (
      <div className="flex flex-col gap-8">
        <PageHeader title="Admin" />
        <EmptyState icon={<ShieldIcon />} title="For administrators only">
          Only an administrator can approve deletions, change settings and read the audit log.
        </EmptyState>
      </div>
    );
  }
  // Read with the page, so the switch and its explanation arrive as they stay; on failure the
  // browser asks /api/admin/settings and shows that answer's error.
  const fourEyes = await getDb()
    .then(readFourEyesState)
    .catch(() => null);
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Admin"
        description="Deletion approvals, the four-eyes setting, the audit log, who is signed in, the catalogue sync and the fixity audits."
        actions={
          <>
            <Link href="/admin/audit" className={buttonClasses("secondary")}>
              Audit log
            </Link>
            <Link href="/admin/sessions" className={buttonClasses("secondary")}>
              Sessions
            </Link>
            <Link href="/admin/catalogue" className={buttonClasses("secondary")}>
              Catalogue sync
            </Link>
            <Link href="/admin/fixity" className={buttonClasses("secondary")}>
              Fixity audits
            </Link>
          </>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>Four-eyes approval</CardTitle>
        </CardHeader>
        <CardContent>
          <FourEyesToggle userId={session.user.id} initial={fourEyes} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Waiting for approval</CardTitle>
          <CardDescription>
            Deletions another administrator asked for. Approving sends the deletion to the archive
            at once.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <PendingDeletions userId={session.user.id} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Deletion history</CardTitle>
          <CardDescription>
            Every deletion asked for through the dashboard, and how it ended.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <DeletionHistory />
        </CardContent>
      </Card>
    </div>
  );
}
