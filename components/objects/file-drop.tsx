"use client";
// Where files enter the Preserve and Add-a-version forms: drop them on the zone or press "Choose
// files". It looks like the ingest dropzone, but says the preservation API's limit: every file
// travels inside one request of at most 10 MB.
import { useId } from "react";
import { useDropzone } from "react-dropzone";
import { buttonClasses } from "@/components/ui/button";
import { UploadIcon } from "@/components/ui/icons";
import { formatBytes } from "@/lib/upload/format";
import { cn } from "@/lib/utils";

export interface FileDropProps {
  onAdd: (files: File[]) => void;
  // The accessible name of the file input, e.g. "Files to preserve".
  label: string;
  // Bytes the files may still take, for the hint.
  remainingBytes: number;
  disabled?: boolean;
}

// The drop zone; the chosen files are listed by the form that owns them.
export function FileDrop({ onAdd, label, remainingBytes, disabled }: FileDropProps) {
  const hintId = useId();
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (accepted) => accepted.length > 0 && onAdd(accepted),
    noClick: true,
    noKeyboard: true,
    multiple: true,
    disabled,
  });
  return (
    <div
      {...getRootProps({
        className: cn(
          "flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors",
          isDragActive ? "border-accent bg-accent-soft/60" : "border-line-strong bg-surface/60",
          disabled && "opacity-60",
        ),
      })}
    >
      <input {...getInputProps({ "aria-label": label })} />
      <div className="bg-accent-soft text-accent-soft-ink flex size-10 items-center justify-center rounded-full [&_svg]:size-5">
        <UploadIcon />
      </div>
      <p className="text-ink text-base font-medium">
        {isDragActive ? "Drop the files to add them" : "Drag files here"}
      </p>
      <button
        type="button"
        className={buttonClasses("secondary")}
        onClick={open}
        disabled={disabled}
        aria-describedby={hintId}
      >
        Choose files
      </button>
      <p id={hintId} className="text-ink-muted max-w-prose text-sm">
        All files travel in one request, so together they may take about{" "}
        {formatBytes(Math.max(0, remainingBytes))} more. For larger files use Ingest, which uploads
        them straight to the archive.
      </p>
    </div>
  );
}
