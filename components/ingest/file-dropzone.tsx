"use client";
// Where files enter the ingest wizard: drop them anywhere on the zone, or press "Choose files"
// (a real button, so Enter and Space work and it is announced as one).
import { useId, useRef } from "react";
import { useDropzone } from "react-dropzone";
import { UploadIcon } from "@/components/ui/icons";
import { buttonClasses } from "@/components/ui/button";
import { INGEST_LIMITS } from "@/lib/ingest/schemas";
import { formatBytes } from "@/lib/upload/format";
import { cn } from "@/lib/utils";
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
  const hintId = useId();
  const chooseButton = useRef<HTMLButtonElement>(null);
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (accepted) => accepted.length > 0 && onAdd(accepted),
    // The button opens the picker; the zone itself takes no focus, so keyboard users meet one control.
    noClick: true,
    noKeyboard: true,
    multiple: true,
    disabled,
  });
  return (
    <div className="flex flex-col gap-4">
      <div
        {...getRootProps({
          className: cn(
            "flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors",
            isDragActive ? "border-accent bg-accent-soft/60" : "border-line-strong bg-surface/60",
            disabled && "opacity-60",
          ),
        })}
      >
        <input {...getInputProps({ "aria-label": "Files to ingest" })} />
        <div className="bg-accent-soft text-accent-soft-ink flex size-12 items-center justify-center rounded-full [&_svg]:size-6">
          <UploadIcon />
        </div>
        <p className="text-ink text-base font-medium">
          {isDragActive ? "Drop the files to add them" : "Drag files here"}
        </p>
        {/* A plain button with the Button look: focus returns here when the last file is removed. */}
        <button
          ref={chooseButton}
          type="button"
          className={buttonClasses("secondary")}
          onClick={open}
          disabled={disabled}
          aria-describedby={hintId}
        >
          Choose files
        </button>
        <p id={hintId} className="text-ink-muted max-w-prose text-sm">
          Any format, up to {formatBytes(INGEST_LIMITS.uploadBytes)} per file. Small files travel inside the
          request; larger ones are uploaded straight to the archive first.
        </p>
      </div>
      <p className="sr-only" aria-live="polite">
        {summary(files)}
      </p>
      <ChosenFileList files={files} onRemove={onRemove} disabled={disabled} onEmptied={() => chooseButton.current?.focus()} />
    </div>
  );
}
