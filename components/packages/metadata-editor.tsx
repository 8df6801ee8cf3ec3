"use client";
// Editing a package's metadata: the forms start from the current values (the metadata enricher of
// the version a submission produced); sending makes a delta SIP through POST /document/{packageId}
// and opens its status page. Loaded when the person chooses to edit, with the form library.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { MetadataEntries } from "@/components/ingests/metadata-entries";
import { SubmitPanel } from "@/components/ingests/submit-panel";
import { NO_UPLOAD_ROWS } from "@/components/ingests/use-ingest-submit";
import { loadMetadataForm } from "@/components/metadata/lazy-metadata-form";
import type { WizardProblem } from "@/components/ingests/wizard-problems";
import {
  toMetadataObject,
  type MetadataEntryDraft,
  type MetadataSchemaOption,
} from "@/lib/metadata/entry";
import { statusPagePath, updatePackageMetadata } from "@/lib/queries/ingest";
import type { SubmitPhase } from "@/components/ingests/use-ingest-submit";
import { EditorLoading } from "./metadata-editor-loading";

export interface MetadataEditorProps {
  packageId: string;
  // The current records, as drafts the forms start from.
  initial: MetadataEntryDraft[];
  // The schemas the package's profile allows.
  allowed: readonly MetadataSchemaOption[];
}

const entryId = (i: number) => `package-metadata-${i}`;

// The current metadata as editable forms, sent as a new version.
export function MetadataEditor({ packageId, initial, allowed }: MetadataEditorProps) {
  const router = useRouter();
  // Until the person edits them, the forms show the archive's current values.
  const [edited, setEntries] = useState<MetadataEntryDraft[] | null>(null);
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
  // The person asked to edit: the first field takes the focus once the forms are there.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (formsReady)
      form.current
        ?.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea")
        ?.focus();
  }, [formsReady]);
  const [showErrors, setShowErrors] = useState(false);
  const [problems, setProblems] = useState<WizardProblem[]>([]);
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

  if (!formsReady) return <EditorLoading />;
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
      ref={form}
      id="metadata-update"
      tabIndex={-1}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Package metadata"
      className="flex flex-col gap-6"
    >
      <MetadataEntries
        entries={entries}
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
