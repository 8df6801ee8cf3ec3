import type { Metadata } from "next";
import Link from "next/link";
import { ObjectDetail } from "@/components/objects/object-detail";
import { buttonClasses } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { ObjectStateBadge } from "@/components/holdings/state-badge";
import { requireSession } from "@/lib/auth/session";
import { findObject } from "@/lib/catalogue/store";
import { getDb } from "@/lib/db";
import { getCapabilities } from "@/lib/preservation/capabilities";

type Params = Promise<{ poId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// A poId arrives percent-encoded in the path.
function poIdOf(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

// The page's title names the object.
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `Object ${poIdOf((await params).poId)}` };
}

// One preserved object: versions, content with previews, evidence, trace, new versions, deletion.
export default async function ObjectPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const poId = poIdOf((await params).poId);
  const version = (await searchParams).version;
  const session = await requireSession(`/objects/${encodeURIComponent(poId)}`);
  const [capabilities, known] = await Promise.all([
    getCapabilities(session),
    // The catalogue names the object; the page still opens when the database cannot be read.
    getDb()
      .then((db) => findObject(db, session.tenant, poId))
      .catch(() => null),
  ]);
  const deletion =
    known?.state === "deleted"
      ? {
          at: known.deletedAt?.toISOString() ?? null,
          by: known.deletedBy,
          reason: known.deletionReason,
          evidenceKept: known.evidenceKept,
        }
      : null;
  const mayEdit = session.isAdmin || session.user.roles.includes("archivist");
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={
          known?.title ? (
            <span className="flex flex-col gap-1">
              <span className="break-words">{known.title}</span>
              <span className="text-ink-muted font-mono text-sm font-normal break-all">{poId}</span>
            </span>
          ) : (
            <span className="font-mono text-xl break-all sm:text-2xl">{poId}</span>
          )
        }
        description={
          known && known.state !== "ingested" ? (
            <span className="flex flex-wrap items-center gap-2">
              <ObjectStateBadge state={known.state} />A preserved object: its versions, files,
              evidence and the archive&apos;s trace.
            </span>
          ) : (
            "A preserved object: its versions, files, evidence and the archive's trace."
          )
        }
        actions={
          <Link href="/objects" className={buttonClasses("secondary")}>
            Find objects
          </Link>
        }
      />
      <ObjectDetail
        poId={poId}
        {...(typeof version === "string" && version !== "" ? { version } : {})}
        capabilities={capabilities}
        mayEdit={mayEdit}
        admin={session.isAdmin ? { name: session.user.name } : null}
        deletion={deletion}
      />
    </div>
  );
}
