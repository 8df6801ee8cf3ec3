import type { Metadata } from "next";
import Link from "next/link";
import { PreserveForm } from "@/components/objects/preserve-form";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ShieldIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/auth/session";
import { listSchemas } from "@/lib/metadata/registry";
import { readerLanguages } from "../../profiles/_lib/retrieve-info";

export const metadata: Metadata = { title: "Preserve objects" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// Preserve new objects (PreservePO) under an active profile: files, their relations and metadata.
export default async function PreserveObjectsPage({
  searchParams,
}: {
  searchParams: SearchParams;
}) {
  const session = await requireSession("/objects/new");
  const profile = (await searchParams).profile;
  const mayPreserve = session.isAdmin || session.user.roles.includes("archivist");
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Preserve objects"
        description="Send files and their metadata to the archive as one new object, sealed with evidence: each file and each metadata record becomes one part of it."
        actions={
          <Link href="/objects" className={buttonClasses("secondary")}>
            Find objects
          </Link>
        }
      />
      {mayPreserve ? (
        <PreserveForm
          schemas={listSchemas()}
          languages={await readerLanguages()}
          initialProfile={typeof profile === "string" ? profile : undefined}
        />
      ) : (
        <EmptyState icon={<ShieldIcon />} title="For archivists only">
          Preserving objects needs the archivist role. Ask an administrator if you need it.
        </EmptyState>
      )}
    </div>
  );
}
