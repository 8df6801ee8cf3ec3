"use client";
// A package's current metadata (the metadata enricher of the version a submission produced), read
// as labelled values, and editable on request: the form library and the editor load when the
// person chooses to edit (or points at the button), not with the page.
import { useMemo, useState } from "react";
import dynamic from "next/dynamic";
import { useQuery } from "@tanstack/react-query";
import { MetadataRecords, metadataRecordsOf } from "@/components/ingests/metadata-records";
import { loadMetadataForm } from "@/components/metadata/lazy-metadata-form";
import { Button } from "@/components/ui/button";
import {
  schemasForProfile,
  type MetadataEntryDraft,
  type MetadataSchemaOption,
} from "@/lib/metadata/entry";
import { sipDetailsOptions } from "@/lib/queries/ingest";
import { EditorLoading } from "./metadata-editor-loading";

export interface MetadataUpdateFormProps {
  packageId: string;
  // The submission whose version holds the current metadata.
  submissionName: string;
  // The package's profile when the journal knows it; else the archive's summary says.
  profile: string | null;
  profiles: readonly { id: string; metadataSchemas?: string[] }[];
  schemas: readonly MetadataSchemaOption[];
}

const loadEditor = () => import("./metadata-editor").then((m) => m.MetadataEditor);
const MetadataEditor = dynamic(loadEditor, { ssr: false, loading: EditorLoading });

// Both modules, ahead of the click that needs them.
function preload() {
  void loadEditor().catch(() => undefined);
  void loadMetadataForm().catch(() => undefined);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// Shows the current metadata, then offers it as editable forms.
export function MetadataUpdateForm({
  packageId,
  submissionName,
  profile,
  profiles,
  schemas,
}: MetadataUpdateFormProps) {
  const current = useQuery(
    sipDetailsOptions(packageId, submissionName, ["metadata", "searchcolumns"]),
  );
  const [editing, setEditing] = useState(false);
  const records = useMemo(() => metadataRecordsOf(current.data?.metadata), [current.data]);
  const columns = current.data?.searchcolumns;
  const profileId =
    profile ??
    (isPlainObject(columns) && typeof columns.profile === "string" ? columns.profile : null);
  const allowed = useMemo(() => {
    const chosen = profiles.find((p) => p.id === profileId);
    return chosen ? schemasForProfile(schemas, chosen.metadataSchemas) : [...schemas];
  }, [profiles, profileId, schemas]);
  const initial = useMemo(
    () =>
      (records ?? []).map((r): MetadataEntryDraft => ({
        schema: r.schema,
        mode: "fields",
        fields: isPlainObject(r.metadata) ? r.metadata : {},
        file: null,
      })),
    [records],
  );

  if (current.isPending)
    return <p className="text-ink-muted text-sm">Reading the package&apos;s current metadata…</p>;
  if (current.isError) {
    return (
      <p role="alert" className="text-danger text-sm font-medium">
        The current metadata could not be read: {current.error.message}
      </p>
    );
  }
  if (editing) return <MetadataEditor packageId={packageId} initial={initial} allowed={allowed} />;
  return (
    <section aria-label="Current metadata" className="flex flex-col gap-6">
      {records ? (
        <MetadataRecords records={records} schemas={schemas} />
      ) : (
        <p className="text-ink-muted text-sm">
          The archive answered with metadata the dashboard cannot read; editing starts from empty
          forms.
        </p>
      )}
      <div>
        <Button
          type="button"
          onClick={() => setEditing(true)}
          onPointerEnter={preload}
          onFocus={preload}
        >
          Edit the metadata
        </Button>
      </div>
    </section>
  );
}
