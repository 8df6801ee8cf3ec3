"use client";
// Representation metadata: each document becomes a representation of the package and may carry
// its own metadata entries.
import type { DraftDocument } from "@/lib/drafts/draft";
import type { MetadataEntryDraft, MetadataSchemaOption } from "@/lib/metadata/entry";
import { MetadataEntries } from "./metadata-entries";
import { WIZARD_IDS } from "./wizard-problems";

export interface DocumentMetadataSectionProps {
  documents: readonly DraftDocument[];
  schemas: readonly MetadataSchemaOption[];
  onChange: (documentId: string, entries: MetadataEntryDraft[]) => void;
  showErrors: boolean;
  disabled?: boolean;
}

// One block per document, in the order they were added.
export function DocumentMetadataSection({
  documents,
  schemas,
  onChange,
  showErrors,
  disabled,
}: DocumentMetadataSectionProps) {
  if (documents.length === 0) {
    return (
      <p className="text-ink-muted text-sm">
        Add documents first; each can then get its own metadata.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {documents.map((doc) => (
        <section
          key={doc.id}
          aria-labelledby={`document-${doc.id}-heading`}
          className="flex flex-col gap-3"
        >
          <h3
            id={`document-${doc.id}-heading`}
            className="text-ink text-sm font-semibold break-all"
          >
            {doc.name}
          </h3>
          <MetadataEntries
            entries={doc.metadatas}
            onChange={(entries) => onChange(doc.id, entries)}
            schemas={schemas}
            idOf={(i) => WIZARD_IDS.documentEntry(doc.id, i)}
            label={`Metadata of ${doc.name}`}
            addLabel={`Add metadata for ${doc.name}`}
            showErrors={showErrors}
            disabled={disabled}
            headingLevel={4}
          />
        </section>
      ))}
    </div>
  );
}
