"use client";
// Where files enter the ingest wizard: drop them anywhere on the zone, or press "Choose files"
// (a real button, so Enter and Space work and it is announced as one).
import { useRef } from "react";
import { DropArea } from "@/components/ui/drop-area";
import { INGEST_LIMITS } from "@scriptorium/contract/ingest/limits";
import { formatBytes } from "@/lib/upload/format";
import { ChosenFileList, type ChosenFile } from "./chosen-file-list";

export interface FileDropzoneProps {
  files: readonly ChosenFile[];
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  disabled?: boolean;
}

function summary(files: readonly ChosenFile[]): string {
  if (files.length === 0) return "No files chosen yet.";
  const total = files.reduce((sum, f) => sum + f.size, 0);
  const missing = files.filter((f) => f.missing).length;
  const count = files.length === 1 ? "1 file chosen" : `${files.length} files chosen`;
  const again = missing === 0 ? "" : `; ${missing} must be chosen again`;
  return `${count}, ${formatBytes(total)} in all${again}.`;
}

// The drop zone and the list of chosen files. Every file is accepted here; the upload plan says
// what happens to each, including refusing a file over the archive's limit.
export function FileDropzone({ files, onAdd, onRemove, disabled }: FileDropzoneProps) {
  const chooseButton = useRef<HTMLButtonElement>(null);
  return (
    <div className="flex flex-col gap-4">
      <DropArea
        onFiles={onAdd}
        label="Files to ingest"
        disabled={disabled}
        chooseRef={chooseButton}
        hint={
          <>
            Any format, up to {formatBytes(INGEST_LIMITS.uploadBytes)} per file, or more where the
            archive takes multipart uploads. Small files travel inside the request; larger ones are
            uploaded straight to the archive first.
          </>
        }
      />
      <p className="sr-only" aria-live="polite">
        {summary(files)}
      </p>
      <ChosenFileList
        files={files}
        onRemove={onRemove}
        disabled={disabled}
        onEmptied={() => chooseButton.current?.focus()}
      />
    </div>
  );
}
