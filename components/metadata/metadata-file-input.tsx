"use client";
// "Attach a metadata file instead": a file input whose file is read at once, checked against the
// chosen schema, and kept as base64 content.
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import type { AttachedMetadataFile, MetadataSchemaOption } from "@/lib/metadata/entry";
import { DUBLIN_CORE_URI } from "@/lib/metadata/schema-uris";
import { formatBytes } from "@/lib/upload/format";
import { cn } from "@/lib/utils";
import { errorClasses, helpClasses, labelClasses } from "./input-classes";

export interface MetadataFileInputProps {
  id: string;
  option: MetadataSchemaOption;
  file: AttachedMetadataFile | null;
  onChange: (file: AttachedMetadataFile | null) => void;
  showErrors?: boolean;
  disabled?: boolean;
}

// A file picker for one metadata file, with what was found in it.
export function MetadataFileInput({
  id,
  option,
  file,
  onChange,
  showErrors,
  disabled,
}: MetadataFileInputProps) {
  const [reading, setReading] = useState(false);
  const [readError, setReadError] = useState<string | null>(null);
  const statusId = useId();
  const xml = option.uri === DUBLIN_CORE_URI;

  async function attach(chosen: File | undefined) {
    if (!chosen) return;
    setReading(true);
    setReadError(null);
    try {
      const bytes = new Uint8Array(await chosen.arrayBuffer());
      // The parser (with XML support) is only needed once a file is attached.
      const { readMetadataFile } = await import("@/lib/metadata/metadata-file");
      onChange(readMetadataFile(option, chosen.name, bytes));
    } catch (error) {
      setReadError(
        `The file could not be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      setReading(false);
    }
  }

  const problems = [...(readError ? [readError] : []), ...(file?.problems ?? [])];
  const missing = showErrors && !file && !reading;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={labelClasses}>
        Metadata file
      </label>
      <p id={`${id}__help`} className={helpClasses}>
        {xml ? "JSON or Dublin Core XML" : "A JSON file"} with the {option.title} fields; it is
        checked before anything is sent.
      </p>
      <input
        id={id}
        type="file"
        accept={
          xml ? ".json,.xml,application/json,text/xml,application/xml" : ".json,application/json"
        }
        disabled={disabled || reading}
        aria-invalid={missing || problems.length > 0 ? true : undefined}
        aria-describedby={`${id}__help ${statusId}`}
        onChange={(event) => {
          void attach(event.target.files?.[0]);
          // Lets the same file be chosen again after it was edited on disk.
          event.target.value = "";
        }}
        className={cn(
          "text-ink-muted file:border-line-strong file:bg-surface text-sm file:mr-3 file:rounded-md file:border",
          "file:text-ink hover:file:bg-surface-muted file:px-3 file:py-1.5 file:text-sm file:font-medium",
        )}
      />
      <div id={statusId} aria-live="polite" className="flex flex-col gap-1">
        {reading ? <p className={helpClasses}>Reading the file…</p> : null}
        {file && !reading ? (
          <div className="border-line bg-surface-muted flex items-center justify-between gap-3 rounded-lg border px-3 py-2">
            <p className="text-ink min-w-0 truncate text-sm">
              {file.name} <span className="text-ink-muted">({formatBytes(file.size)})</span>
              {file.problems.length === 0 ? (
                <span className="text-success ml-2 font-medium">fits the schema</span>
              ) : null}
            </p>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onChange(null)}
              aria-label={`Remove ${file.name}`}
              disabled={disabled}
            >
              Remove
            </Button>
          </div>
        ) : null}
        {missing ? (
          <p className={errorClasses}>Choose a metadata file, or fill in the fields instead.</p>
        ) : null}
        {problems.length > 0 ? (
          <ul className="flex flex-col gap-0.5">
            {problems.map((problem) => (
              <li key={problem} className={errorClasses}>
                {problem}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
