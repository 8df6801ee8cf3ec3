"use client";
// The files chosen for an ingest: name, size, detected type, and a remove button each.
import { useRef } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { describeFileType } from "@/lib/upload/file-type";
import { formatBytes } from "@/lib/upload/format";

export interface ChosenFile {
  id: string;
  name: string;
  size: number;
  // The browser's media type; "" when it detected none.
  type: string;
  // The file is remembered from a draft but its bytes were not kept: it must be chosen again.
  missing?: boolean;
  // A large file's reading ahead of its upload (lib/upload/read-ahead.ts), when there is one.
  readAhead?: { loaded: number; total: number; done: boolean; failed: boolean };
}

// "Preparing the upload: 45%", then "Ready to upload"; nothing once a reading failed (the upload
// reads the file again and says what went wrong).
function readAheadText(state: ChosenFile["readAhead"]): string | null {
  if (!state || state.failed) return null;
  if (state.done) return "Ready to upload";
  const percent = state.total > 0 ? Math.floor((state.loaded / state.total) * 100) : 0;
  return `Preparing the upload: ${percent}%`;
}

function ReadAheadNote({ state }: { state: ChosenFile["readAhead"] }) {
  const text = readAheadText(state);
  if (!text) return null;
  return (
    <>
      <span aria-hidden="true">·</span>
      <span>{text}</span>
    </>
  );
}

export interface ChosenFileListProps {
  files: readonly ChosenFile[];
  onRemove: (id: string) => void;
  disabled?: boolean;
  // Where focus goes when the last file is removed (e.g. the "Choose files" button).
  onEmptied?: () => void;
}

// One row per file. After a removal, focus moves to the next row's remove button, not the page.
export function ChosenFileList({ files, onRemove, disabled, onEmptied }: ChosenFileListProps) {
  const list = useRef<HTMLUListElement>(null);
  if (files.length === 0) return null;

  function remove(index: number) {
    const next = files[index + 1] ?? files[index - 1];
    const id = files[index]?.id;
    if (id === undefined) return;
    onRemove(id);
    requestAnimationFrame(() => {
      const button = next
        ? list.current?.querySelector<HTMLButtonElement>(`[data-remove="${CSS.escape(next.id)}"]`)
        : null;
      if (button) button.focus();
      else onEmptied?.();
    });
  }

  return (
    <ul
      ref={list}
      aria-label="Chosen files"
      className="border-line divide-line divide-y rounded-xl border"
    >
      {files.map((file, index) => (
        <li key={file.id} className="flex items-center gap-3 px-4 py-3">
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <p className="text-ink truncate text-sm font-medium" title={file.name}>
              {file.name}
            </p>
            <p className="text-ink-muted flex flex-wrap items-center gap-x-2 text-xs">
              <span>{formatBytes(file.size)}</span>
              <span aria-hidden="true">·</span>
              <span>{describeFileType(file.name, file.type)}</span>
              <ReadAheadNote state={file.readAhead} />
            </p>
          </div>
          {file.missing ? (
            <Badge
              tone="warning"
              title="This file was remembered from your draft, but the browser could not keep its contents."
            >
              Choose it again
            </Badge>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            data-remove={file.id}
            aria-label={`Remove ${file.name}`}
            disabled={disabled}
            onClick={() => remove(index)}
          >
            Remove
          </Button>
        </li>
      ))}
    </ul>
  );
}
