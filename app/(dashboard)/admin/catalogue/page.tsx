import type { Metadata } from "next";
import { CatalogueSyncPanel } from "@/components/catalogue/sync-panel";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ShieldIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Catalogue sync" };

// The holdings catalogue's sync with the archive: start one, follow it, see how the last ended.
export default async function CatalogueAdminPage() {
  const session = await requireSession("/admin/catalogue");
  if (!session.isAdmin) {
    return (
      <div className="flex flex-col gap-8">
        <PageHeader title="Catalogue sync" />
        <EmptyState icon={<ShieldIcon />} title="For administrators only">
          Only an administrator can sync the holdings catalogue with the archive.
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Catalogue sync"
        description="The holdings list knows what was archived through the dashboard at once. The sync adds what other systems archived, and marks as deleted what the archive no longer keeps."
      />
      <Card>
        <CardHeader>
          <CardTitle>Sync with the archive</CardTitle>
          <CardDescription>
            Lists the archive&apos;s objects page by page, reads the ones the catalogue does not
            know yet, and resumes where it stopped if it was interrupted.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <CatalogueSyncPanel />
        </CardContent>
      </Card>
    </div>
  );
}
