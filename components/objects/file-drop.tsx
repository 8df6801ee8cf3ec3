"use client";
// Where files enter the Preserve and Add-a-version forms: drop them on the zone or press "Choose
// files". The same drop area as ingest, but it says the preservation API's limit: every file
// travels inside one request of at most 10 MB.
import { DropArea } from "@/components/ui/drop-area";
import { formatBytes } from "@/lib/upload/format";

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
  return (
    <DropArea
      onFiles={onAdd}
      label={label}
      disabled={disabled}
      hint={
        <>
          All files travel in one request, so together they may take about{" "}
          {formatBytes(Math.max(0, remainingBytes))} more. For larger files use Ingest, which
          uploads them straight to the archive.
        </>
      }
    />
  );
}
