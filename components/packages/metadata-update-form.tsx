"use client";
// Editing a package's metadata: the forms start from the current values (the metadata enricher of
// the version a submission produced); sending makes a delta SIP through POST /document/{packageId}
// and opens its status page.
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { MetadataEntries } from "@/components/ingests/metadata-entries";
import { SubmitPanel } from "@/components/ingests/submit-panel";
import { NO_UPLOAD_ROWS } from "@/components/ingests/use-ingest-submit";
import { loadMetadataForm } from "@/components/metadata/lazy-metadata-form";
import type { WizardProblem } from "@/components/ingests/wizard-problems";
import {
  schemasForProfile,
  toMetadataObject,
  type MetadataEntryDraft,
  type MetadataSchemaOption,
} from "@/lib/metadata/entry";
import { sipDetailsOptions, statusPagePath, updatePackageMetadata } from "@/lib/queries/ingest";
import type { SubmitPhase } from "@/components/ingests/use-ingest-submit";

export interface MetadataUpdateFormProps {
  packageId: string;
  // The submission whose version holds the current metadata.
  submissionName: string;
  // The package's profile when the journal knows it; else the archive's summary says.
  profile: string | null;
  profiles: readonly { id: string; metadataSchemas?: string[] }[];
  schemas: readonly MetadataSchemaOption[];
}

const Records = z.array(
  z.looseObject({ schema: z.string(), metadata: z.record(z.string(), z.unknown()) }),
);
const Summary = z.looseObject({ profile: z.string().optional() });

const entryId = (i: number) => `package-metadata-${i}`;

// Loads the current metadata, then offers it as editable forms.
export function MetadataUpdateForm({
  packageId,
  submissionName,
  profile,
  profiles,
  schemas,
}: MetadataUpdateFormProps) {
  const router = useRouter();
  const current = useQuery(
    sipDetailsOptions(packageId, submissionName, ["metadata", "searchcolumns"]),
  );
  // Until the person edits them, the forms show the archive's current values.
  const [edited, setEntries] = useState<MetadataEntryDraft[] | null>(null);
  const initial = useMemo(() => {
    if (!current.data) return null;
    const records = Records.safeParse(current.data.metadata);
    return (records.data ?? []).map((r): MetadataEntryDraft => ({
      schema: r.schema,
      mode: "fields",
      fields: r.metadata,
      file: null,
    }));
  }, [current.data]);
  const entries = edited ?? initial;
  // Every record's form at once, when the library is in: one skeleton after another turning into
  // forms of other heights would push the next records and the send button down, again and again.
  const [formsReady, setFormsReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadMetadataForm()
      .catch(() => undefined)
      .then(() => {
        if (live) setFormsReady(true);
      });
    return () => {
      live = false;
    };
  }, []);
  const [showErrors, setShowErrors] = useState(false);
  const [problems, setProblems] = useState<WizardProblem[]>([]);
  const profileId = profile ?? Summary.safeParse(current.data?.searchcolumns).data?.profile ?? null;
  const allowed = useMemo(() => {
    const chosen = profiles.find((p) => p.id === profileId);
    return chosen ? schemasForProfile(schemas, chosen.metadataSchemas) : [...schemas];
  }, [profiles, profileId, schemas]);

  const send = useMutation({
    mutationFn: (list: MetadataEntryDraft[]) =>
      updatePackageMetadata(packageId, {
        metadatas: list.flatMap((e) => toMetadataObject(e) ?? []),
      }),
    onSuccess: (sip) =>
      router.push(sip.name ? statusPagePath(sip.packageId, sip.name) : "/ingests"),
  });

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!entries) return;
    setShowErrors(true);
    const { metadataEntryProblems } = await import("@/lib/metadata/validate");
    const found = entries.flatMap((entry, i) =>
      metadataEntryProblems(entry, allowed).map((message) => ({
        target: `${entryId(i)}-schema`,
        message: `Package metadata ${i + 1}: ${message}`,
      })),
    );
    if (entries.length === 0)
      found.push({
        target: "metadata-update",
        message: "Keep or add at least one metadata record to send.",
      });
    setProblems(found);
    if (found.length === 0) send.mutate(entries);
  }

  if (current.isPending || !formsReady)
    return <p className="text-ink-muted text-sm">Reading the package&apos;s current metadata…</p>;
  if (current.isError) {
    return (
      <p role="alert" className="text-danger text-sm font-medium">
        The current metadata could not be read: {current.error.message}
      </p>
    );
  }
  const phase: SubmitPhase = send.isPending
    ? { kind: "sending", retriedAsUpload: false }
    : send.isSuccess
      ? { kind: "accepted", sip: send.data }
      : send.isError
        ? {
            kind: "failed",
            message: send.error.message,
            code: null,
            signedOut: send.error.status === 401,
          }
        : { kind: "idle" };
  return (
    <form
      id="metadata-update"
      tabIndex={-1}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Package metadata"
      className="flex flex-col gap-6"
    >
      <MetadataEntries
        entries={entries ?? []}
        onChange={setEntries}
        schemas={allowed}
        idOf={entryId}
        label="Package metadata"
        addLabel="Add a metadata record"
        showErrors={showErrors}
        disabled={send.isPending || send.isSuccess}
      />
      <SubmitPanel
        problems={showErrors ? problems : null}
        phase={phase}
        rows={NO_UPLOAD_ROWS}
        notice={null}
        onCancel={() => {}}
        onCancelAll={() => {}}
        onRetry={() => void submit()}
        returnPath={`/packages/${encodeURIComponent(packageId)}`}
        submitLabel="Send the new metadata"
      />
    </form>
  );
}
