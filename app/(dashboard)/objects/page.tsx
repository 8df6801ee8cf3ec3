import type { Metadata } from "next";
import Link from "next/link";
import { CapabilityNote } from "@/components/objects/capability-note";
import { OpenObjectForm } from "@/components/objects/open-object-form";
import { SearchPanel } from "@/components/objects/search-panel";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/auth/session";
import { getCapabilities } from "@/lib/preservation/capabilities";

export const metadata: Metadata = { title: "Objects" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// Find preserved objects: Search where the archive offers it, and opening one by its poId.
export default async function ObjectsPage({ searchParams }: { searchParams: SearchParams }) {
  const session = await requireSession("/objects");
  const [capabilities, params] = await Promise.all([getCapabilities(session), searchParams]);
  const fi = typeof params.fi === "string" ? params.fi : "";
  const mayPreserve = session.isAdmin || session.user.roles.includes("archivist");
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Objects"
        description="Preserved objects in the archive, with their versions, files, evidence and trace."
        actions={
          mayPreserve ? (
            <Link href="/objects/new" className={buttonClasses("primary")}>
              Preserve objects
            </Link>
          ) : null
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>Open an object</CardTitle>
          <CardDescription>If you know its ID, go straight to it.</CardDescription>
        </CardHeader>
        <CardContent>
          <OpenObjectForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Search</CardTitle>
          <CardDescription>
            Find objects by ID, file name, media type, profile or metadata.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {capabilities.Search.available === true ? (
            <SearchPanel initialFilter={fi} />
          ) : (
            <CapabilityNote what="Search" operation="Search" capability={capabilities.Search} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
