"use client";
// The wizard's documents: files dropped or chosen, documents by URL, and how each will travel.
import { FileDropzone } from "@/components/ingest/file-dropzone";
import { UploadPlanView } from "@/components/ingest/upload-plan-view";
import { Button } from "@/components/ui/button";
import type { DraftDocument } from "@/lib/drafts/draft";
import type { UploadPlan } from "@/lib/upload/planner";
import { UrlDocumentForm } from "./url-document-form";
import { useReadAhead } from "./use-read-ahead";

export interface DocumentsSectionProps {
  documents: readonly DraftDocument[];
  plan: UploadPlan;
  onAddFiles: (files: File[]) => void;
  onAddUrl: (document: { name: string; url: string }) => void;
  onRemove: (id: string) => void;
  disabled?: boolean;
}

// Files first (most ingests), URLs under them, then the plan.
export function DocumentsSection({
  documents,
  plan,
  onAddFiles,
  onAddUrl,
  onRemove,
  disabled,
}: DocumentsSectionProps) {
  const readAhead = useReadAhead(documents);
  const files = documents.flatMap((d) =>
    d.kind === "file"
      ? [
          {
            id: d.id,
            name: d.name,
            size: d.size,
            type: d.type,
            missing: d.file === null,
            readAhead: readAhead.get(d.id),
          },
        ]
      : [],
  );
  const urls = documents.filter((d) => d.kind === "url");
  return (
    <div className="flex flex-col gap-6">
      <FileDropzone files={files} onAdd={onAddFiles} onRemove={onRemove} disabled={disabled} />
      {urls.length > 0 ? (
        <ul
          aria-label="Documents by URL"
          className="border-line divide-line divide-y rounded-xl border"
        >
          {urls.map((d) => (
            <li key={d.id} className="flex items-center gap-3 px-4 py-3">
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <p className="text-ink truncate text-sm font-medium">{d.name}</p>
                <p className="text-ink-muted truncate text-xs">{d.url}</p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onRemove(d.id)}
                disabled={disabled}
                aria-label={`Remove ${d.name}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <UrlDocumentForm onAdd={onAddUrl} disabled={disabled} />
      {documents.length > 0 ? <UploadPlanView plan={plan} headingLevel={3} /> : null}
    </div>
  );
}
