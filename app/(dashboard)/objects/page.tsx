import type { Metadata } from "next";
import Link from "next/link";
import { HoldingsFilters } from "@/components/holdings/holdings-filters";
import { HoldingsList } from "@/components/holdings/holdings-list";
import { CapabilityNote } from "@/components/objects/capability-note";
import { OpenObjectForm } from "@/components/objects/open-object-form";
import { SearchPanel } from "@/components/objects/search-panel";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { apiDeps } from "@/lib/api/deps";
import { requireSession } from "@/lib/auth/session";
import { holdingsQueryFrom } from "@/lib/catalogue/holdings-query";
import { holdingsFacets, listHoldings } from "@/lib/catalogue/query";
import { refreshIngesting } from "@/lib/catalogue/refresh";
import { getDb } from "@/lib/db";
import { getCapabilities } from "@/lib/preservation/capabilities";
import { profileLabelsFor } from "../_lib/profile-labels";

export const metadata: Metadata = { title: "Objects" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const PATH = "/objects";

// The holdings of the tenant from the catalogue (search, filters, sort, pages: all in the
// address), then Search in the archive for what the catalogue does not know yet, and opening an
// object by its poId.
export default async function ObjectsPage({ searchParams }: { searchParams: SearchParams }) {
  const session = await requireSession(PATH);
  const raw = await searchParams;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === "string") params.set(key, value);
  }
  const parsed = holdingsQueryFrom(params);
  const query = parsed.success ? parsed.data : holdingsQueryFrom(new URLSearchParams()).data!;
  const db = await getDb();
  // Only the tenant the person works in: the links open objects there.
  const tenants = [session.tenant];
  await refreshIngesting(db, session, await apiDeps()).catch(() => 0);
  const [capabilities, page, facets, profiles] = await Promise.all([
    getCapabilities(session),
    listHoldings(db, tenants, query),
    holdingsFacets(db, tenants),
    profileLabelsFor(session),
  ]);
  const fi = typeof raw.fi === "string" ? raw.fi : "";
  const mayPreserve = session.isAdmin || session.user.roles.includes("archivist");
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Objects"
        description="What the archive keeps in this tenant: find objects by their title, metadata, files, format or date, and open one for its versions, evidence and trace."
        actions={
          mayPreserve ? (
            <Link href="/objects/new" className={buttonClasses("primary")}>
              Preserve objects
            </Link>
          ) : null
        }
      />
      <section aria-labelledby="holdings-heading" className="flex flex-col gap-4">
        <h2 id="holdings-heading" className="text-ink text-xl font-semibold">
          Holdings
        </h2>
        {parsed.success ? null : (
          <p role="alert" className="text-danger text-sm font-medium">
            This address asks for a view the dashboard cannot show:{" "}
            {parsed.error.issues.map((i) => i.message).join("; ")}.{" "}
            <Link href={PATH} className="underline underline-offset-2">
              Show every object
            </Link>
          </p>
        )}
        <HoldingsFilters query={query} facets={facets} path={PATH} profiles={profiles} />
        <HoldingsList
          page={page}
          query={query}
          path={PATH}
          isAdmin={session.isAdmin}
          profiles={profiles}
        />
      </section>
      <Card>
        <CardHeader>
          <CardTitle>Search in the archive</CardTitle>
          <CardDescription>
            For objects the holdings do not list yet (sent by other systems since the last sync):
            the archive&apos;s own search by ID, file name, media type, profile or metadata.
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
      <Card>
        <CardHeader>
          <CardTitle>Open an object</CardTitle>
          <CardDescription>If you know its ID, go straight to it.</CardDescription>
        </CardHeader>
        <CardContent>
          <OpenObjectForm />
        </CardContent>
      </Card>
    </div>
  );
}
