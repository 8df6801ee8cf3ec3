"use client";
// The object page's content: its versions (named by the trace), one version's data objects with
// previews, downloads and evidence, "Add a version", the trace, and deletion for admins. Each
// optional operation appears only where the archive answers it; otherwise a note says why.
import { DeletedNotice, type DeletionFacts } from "@/components/holdings/deleted-notice";
import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { DeleteObjectButton } from "@/components/admin/delete-object-button";
import { PendingDeletion } from "@/components/admin/pending-deletion";
import { ResultNotice } from "@/components/results/result-notice";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { Capabilities } from "@/lib/preservation/capabilities";
import type { EvidenceFormat, Profile } from "@scriptorium/contract/preservation/schemas";
import { objectVersionOptions, profilesOptions, traceOptions } from "@/lib/queries/preservation";
import { pendingDeletionsOptions } from "@/lib/queries/admin";
import { cn } from "@/lib/utils";
import { AddVersion } from "./add-version";
import { CapabilityNote } from "./capability-note";
import { FixityLine, RenewEvidence } from "./evidence-care";
import { versionsFromTrace } from "./object-view";
import { TraceTimeline } from "./trace-timeline";
import { VersionContent } from "./version-content";

export interface ObjectDetailProps {
  poId: string;
  // The version asked for in the address; undefined means the latest.
  version?: string;
  capabilities: Capabilities;
  mayEdit: boolean;
  // The signed-in admin, who may delete; null for everyone else.
  admin: { name: string } | null;
  // What the catalogue recorded of the object's deletion, when it knows the object was deleted.
  deletion?: DeletionFacts | null;
}

// The profile's evidence formats, the default first; every profile's when the profile is unknown.
function evidenceFormats(
  profiles: readonly Profile[],
  policy: readonly string[],
): EvidenceFormat[] {
  const own = profiles.find((p) => policy.includes(p.pid));
  const all = own ? (own.ef ?? []) : profiles.flatMap((p) => p.ef ?? []);
  const unique = [...new Map(all.map((f) => [f.fid, f])).values()];
  return unique.sort((a, b) => Number(b.def === true) - Number(a.def === true));
}

// Everything below the page header.
export function ObjectDetail({
  poId,
  version,
  capabilities,
  mayEdit,
  admin,
  deletion = null,
}: ObjectDetailProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const hasTrace = capabilities.RetrieveTrace.available === true;
  const trace = useQuery({ ...traceOptions(poId), enabled: hasTrace });
  const content = useQuery(objectVersionOptions(poId, version));
  const profiles = useQuery(profilesOptions("all"));
  const versions = versionsFromTrace(trace.data?.trace?.event ?? [], poId);
  const latest = versions.at(-1)?.id;
  const shown = version ?? latest;
  const viewingLatest = version === undefined || version === latest;
  const policy = content.data?.optOut?.policy ?? [];
  const formats = evidenceFormats(profiles.data?.pro ?? [], policy);
  const contentError = content.error;
  const gone = contentError?.status === 404 && version === undefined;
  const href = (id: string) =>
    `/objects/${encodeURIComponent(poId)}?version=${encodeURIComponent(id)}`;

  // The versions, the content and the sections under them all depend on the object's two answers:
  // shown together once both are first in, so nothing on screen is pushed down by the other.
  // (Another version read later shows its own progress inside the page.)
  const [answered, setAnswered] = useState(false);
  if (!answered && !content.isPending && !(hasTrace && trace.isPending)) setAnswered(true);
  if (!answered) {
    return (
      <p role="status" className="text-ink-muted text-sm">
        Retrieving the object…
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-8">
      {gone && deletion ? (
        <DeletedNotice poId={poId} deletion={deletion} />
      ) : gone ? (
        <ResultNotice error={contentError} title="This object is not in the archive">
          <p className="text-ink text-sm">
            It was deleted, or it never existed in this tenant.
            {hasTrace ? " The archive's trace below still tells its story." : ""}
          </p>
        </ResultNotice>
      ) : null}

      {versions.length > 0 ? (
        <nav aria-label="Versions" className="flex flex-wrap items-center gap-2">
          <span className="text-ink-muted text-sm">Versions:</span>
          {versions.map((v) => (
            <Link
              key={v.id}
              href={href(v.id)}
              aria-current={v.id === shown ? "page" : undefined}
              className={cn(
                "rounded-full border px-3 py-1 text-sm",
                v.id === shown
                  ? "border-accent bg-accent-soft text-accent-soft-ink font-medium"
                  : "border-line text-ink hover:bg-surface-muted",
              )}
            >
              Version {v.id}
              {v.id === latest ? " (latest)" : ""}
            </Link>
          ))}
        </nav>
      ) : null}

      {!gone ? (
        <section aria-labelledby="version-heading" className="flex flex-col gap-4">
          <h2 id="version-heading" className="text-ink text-xl font-semibold">
            {shown ? `Version ${shown}` : "Latest version"}
          </h2>
          {content.isPending ? (
            <p role="status" className="text-ink-muted text-sm">
              Retrieving the object…
            </p>
          ) : contentError ? (
            <ResultNotice error={contentError} />
          ) : (
            <VersionContent
              key={version ?? "latest"}
              poId={poId}
              {...(version ? { version } : latest ? { version: latest } : {})}
              pos={content.data?.po ?? []}
              formats={formats}
              canValidate={capabilities.ValidateEvidence.available === true}
            />
          )}
          {capabilities.ValidateEvidence.available !== true ? (
            <CapabilityNote
              what="Validating evidence"
              operation="ValidateEvidence"
              capability={capabilities.ValidateEvidence}
            />
          ) : null}
        </section>
      ) : null}

      {!gone && (hasTrace || admin) ? (
        <section aria-labelledby="care-heading" className="flex flex-col gap-4">
          <h2 id="care-heading" className="text-ink text-xl font-semibold">
            Fixity and evidence renewal
          </h2>
          <Card>
            <CardContent className="flex flex-col gap-5">
              {hasTrace && trace.isSuccess ? (
                <FixityLine events={trace.data?.trace?.event ?? []} />
              ) : null}
              {admin ? (
                <RenewEvidence
                  poId={poId}
                  onRenewed={() => {
                    void queryClient.invalidateQueries({ queryKey: traceOptions(poId).queryKey });
                    void queryClient.invalidateQueries({
                      queryKey: ["preservation", "object", poId],
                    });
                  }}
                />
              ) : null}
            </CardContent>
          </Card>
        </section>
      ) : null}

      {!gone && mayEdit && viewingLatest ? (
        <Card>
          <CardHeader>
            <CardTitle>Add a version</CardTitle>
          </CardHeader>
          <CardContent>
            {capabilities.UpdatePOC.available === true ? (
              <AddVersion
                poId={poId}
                storedIds={(content.data?.po ?? []).flatMap((po) => (po.id ? [po.id] : []))}
                onAdded={(id) =>
                  router.push(id ? href(id) : `/objects/${encodeURIComponent(poId)}`)
                }
              />
            ) : (
              <CapabilityNote
                what="Adding a version"
                operation="UpdatePOC"
                capability={capabilities.UpdatePOC}
              />
            )}
          </CardContent>
        </Card>
      ) : null}

      <section aria-labelledby="trace-heading" className="flex flex-col gap-4">
        <h2 id="trace-heading" className="text-ink text-xl font-semibold">
          Trace
        </h2>
        {!hasTrace ? (
          <CapabilityNote
            what="The trace"
            operation="RetrieveTrace"
            capability={capabilities.RetrieveTrace}
          />
        ) : trace.isPending ? (
          <p role="status" className="text-ink-muted text-sm">
            Reading the trace…
          </p>
        ) : trace.isError ? (
          <ResultNotice error={trace.error} />
        ) : (
          <TraceTimeline events={trace.data?.trace?.event ?? []} />
        )}
      </section>

      {admin && !gone && content.isSuccess ? (
        <section
          aria-labelledby="delete-heading"
          className="border-danger/30 flex flex-col items-start gap-3 rounded-xl border p-5"
        >
          <h2 id="delete-heading" className="text-ink text-lg font-semibold">
            Delete
          </h2>
          <p className="text-ink-muted text-sm">
            Administrators may delete an object, with a reason that is kept.
          </p>
          <PendingDeletion poId={poId}>
            <DeleteObjectButton
              poId={poId}
              userName={admin.name}
              onDone={() => {
                void queryClient.invalidateQueries({ queryKey: traceOptions(poId).queryKey });
                void queryClient.invalidateQueries({
                  queryKey: objectVersionOptions(poId).queryKey,
                });
                void queryClient.invalidateQueries({
                  queryKey: pendingDeletionsOptions(poId).queryKey,
                });
                router.replace(`/objects/${encodeURIComponent(poId)}`);
              }}
            />
          </PendingDeletion>
        </section>
      ) : null}
    </div>
  );
}
