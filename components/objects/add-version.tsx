"use client";
// "Add a version" (UpdatePOC): dropped files become the delta of a new version. A file keeping a
// stored file's id replaces it; any other is added; the stored files not named carry over.
import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { inputClasses } from "@/components/metadata/input-classes";
import { ResultNotice } from "@/components/results/result-notice";
import { Button } from "@/components/ui/button";
import type { UpdatePOCRequest } from "@scriptorium/contract/preservation/schemas";
import { callPreservation, objectVersionOptions, traceOptions } from "@/lib/queries/preservation";
import {
  decideFile,
  idsForNewNames,
  poOfDropped,
  remainingFileBytes,
  toDropped,
  type DroppedFile,
} from "./dropped-files";
import { DroppedList } from "./dropped-list";
import { FileDrop } from "./file-drop";

export interface AddVersionProps {
  poId: string;
  // The ids of the latest version's objects.
  storedIds: readonly string[];
  // Called with the new version's id once the archive has it.
  onAdded: (versionId: string | undefined) => void;
}

// The drop zone, the delta's files and the button that sends them.
export function AddVersion({ poId, storedIds, onAdded }: AddVersionProps) {
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<DroppedFile[]>([]);
  const update = useMutation({
    mutationFn: (request: UpdatePOCRequest) => callPreservation("UpdatePOC", request),
    onSuccess: async (answer) => {
      setFiles([]);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: traceOptions(poId).queryKey }),
        queryClient.invalidateQueries({ queryKey: objectVersionOptions(poId).queryKey }),
      ]);
      onAdded(answer.versionId);
    },
  });
  const remaining = remainingFileBytes(files.map((f) => f.file.size));
  const busy = update.isPending;

  function add(added: File[]) {
    // A dropped file named like a stored one replaces it, so only the other dropped files count here.
    const dropped = toDropped(
      added,
      files.map((f) => f.id),
    );
    setFiles((current) => [...current, ...dropped]);
    for (const item of dropped) {
      void decideFile(item.file).then((decision) =>
        setFiles((current) => current.map((f) => (f.key === item.key ? { ...f, decision } : f))),
      );
    }
  }

  function target(item: DroppedFile, id: string) {
    const others = files.filter((f) => f.key !== item.key).map((f) => f.id);
    const [free] = id === "" ? idsForNewNames([...others, ...storedIds], [item.file.name]) : [id];
    setFiles(files.map((f) => (f.key === item.key ? { ...f, id: free ?? item.file.name } : f)));
  }

  return (
    <div className="flex flex-col gap-4">
      <FileDrop
        onAdd={add}
        label="Files for the new version"
        remainingBytes={remaining}
        disabled={busy}
      />
      <DroppedList
        items={files}
        relatable={[...new Set([...files.map((f) => f.id), ...storedIds])]}
        disabled={busy}
        onRemove={(key) => setFiles(files.filter((f) => f.key !== key))}
        onRelations={(key, relObj) =>
          setFiles(files.map((f) => (f.key === key ? { ...f, relObj } : f)))
        }
        extra={(item) => (
          <label className="text-ink flex flex-wrap items-center gap-2 text-xs">
            In the new version
            <select
              className={inputClasses("h-8 w-auto text-xs")}
              aria-label={`What ${item.file.name} becomes in the new version`}
              value={storedIds.includes(item.id) ? item.id : ""}
              disabled={busy}
              onChange={(event) => target(item, event.target.value)}
            >
              <option value="">added as a new file</option>
              {storedIds.map((id) => (
                <option key={id} value={id}>
                  replaces {id}
                </option>
              ))}
            </select>
          </label>
        )}
      />
      {update.isError ? <ResultNotice error={update.error} /> : null}
      {remaining < 0 ? (
        <p role="alert" className="text-danger text-sm font-medium">
          The files are too large for one request. Remove some.
        </p>
      ) : null}
      <div>
        <Button
          disabled={busy || files.length === 0 || remaining < 0}
          onClick={async () =>
            update.mutate({ poId, deltaPoc: await Promise.all(files.map(poOfDropped)) })
          }
        >
          {busy ? "Adding the version…" : "Add the version"}
        </Button>
      </div>
    </div>
  );
}
