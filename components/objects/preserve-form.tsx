"use client";
// Preserve (PreservePO): choose an active profile, drop files, relate them, add metadata objects,
// send them as one package. The answer names the new poId and what the archive stored.
import { useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import {
  errorClasses,
  helpClasses,
  inputClasses,
  labelClasses,
} from "@/components/metadata/input-classes";
import { ResultNotice } from "@/components/results/result-notice";
import { Button } from "@/components/ui/button";
import { Term } from "@/components/ui/term";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { MetadataSchemaOption } from "@/lib/metadata/entry";
import type { PreservePORequest } from "@scriptorium/contract/preservation/schemas";
import { profileName } from "@/lib/preservation/profile-text";
import { callPreservation, profilesOptions } from "@/lib/queries/preservation";
import { FileDrop } from "./file-drop";
import {
  decideFile,
  poOfDropped,
  pruneRelations,
  remainingFileBytes,
  toDropped,
  type DroppedFile,
} from "./dropped-files";
import { DroppedList } from "./dropped-list";
import { MetadataObjects, poOfMetadata, type MetadataItem } from "./metadata-objects";
import { PreserveAnswer } from "./preserve-answer";

export interface PreserveFormProps {
  schemas: readonly MetadataSchemaOption[];
  // A profile chosen before (the profile page's "Preserve under this profile").
  initialProfile?: string;
  // The reader's languages (Accept-Language), for the profiles' names.
  languages: readonly string[];
}

// The form and, once the archive answered, what it stored.
export function PreserveForm({ schemas, initialProfile, languages }: PreserveFormProps) {
  const profiles = useQuery(profilesOptions("active"));
  const [profile, setProfile] = useState(initialProfile ?? "");
  const [files, setFiles] = useState<DroppedFile[]>([]);
  const [metadata, setMetadata] = useState<MetadataItem[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [attempted, setAttempted] = useState(false);
  const preserve = useMutation({
    mutationFn: (request: PreservePORequest) => callPreservation("PreservePO", request),
  });

  const ids = [...files.map((f) => f.id), ...metadata.map((m) => m.id)];
  const remaining = remainingFileBytes(files.map((f) => f.file.size));
  const busy = preserve.isPending;

  function addFiles(added: File[]) {
    const dropped = toDropped(added, ids);
    setFiles((current) => [...current, ...dropped]);
    for (const item of dropped) {
      void decideFile(item.file).then((decision) =>
        setFiles((current) => current.map((f) => (f.key === item.key ? { ...f, decision } : f))),
      );
    }
  }

  function removeFile(key: string) {
    const left = files.filter((f) => f.key !== key);
    const known = new Set([...left.map((f) => f.id), ...metadata.map((m) => m.id)]);
    setFiles(left.map((f) => ({ ...f, relObj: pruneRelations(f.relObj, known) })));
    setMetadata(metadata.map((m) => ({ ...m, relObj: pruneRelations(m.relObj, known) })));
  }

  function changeMetadata(next: MetadataItem[]) {
    const known = new Set([...files.map((f) => f.id), ...next.map((m) => m.id)]);
    setMetadata(next.map((m) => ({ ...m, relObj: pruneRelations(m.relObj, known) })));
    setFiles(files.map((f) => ({ ...f, relObj: pruneRelations(f.relObj, known) })));
  }

  async function submit() {
    setAttempted(true);
    const found: string[] = [];
    if (!profile) found.push("Choose a preservation profile.");
    if (files.length === 0)
      found.push("Add at least one file: every version is sealed over its files.");
    if (remaining < 0)
      found.push("The files are too large for one request. Remove some, or use Ingest.");
    // Field rules are left to the archive, which answers POFormatError naming the field: the
    // browser-side JSON Schema validator compiles code at run time, which the page's CSP refuses.
    for (const item of metadata) {
      if (poOfMetadata(item) === null) {
        found.push(
          item.draft.schema === ""
            ? `${item.id}: choose a metadata schema.`
            : `${item.id}: attach a metadata file, or fill in the fields instead.`,
        );
      }
    }
    setProblems(found);
    if (found.length > 0) return;
    const po = [
      ...(await Promise.all(files.map(poOfDropped))),
      ...metadata.flatMap((m) => poOfMetadata(m) ?? []),
    ];
    preserve.mutate({ pro: profile, po });
  }

  if (preserve.isSuccess) {
    return (
      <PreserveAnswer
        answer={preserve.data}
        onAgain={() => {
          preserve.reset();
          setFiles([]);
          setMetadata([]);
          setAttempted(false);
        }}
      />
    );
  }

  const error = preserve.error;
  return (
    <form
      className="flex flex-col gap-6"
      aria-label="Preserve objects"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Card>
        <CardHeader>
          <CardTitle>Profile</CardTitle>
          <CardDescription>Only active profiles accept new objects.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-1.5">
          <label htmlFor="preserve-profile" className={labelClasses}>
            Preservation profile
          </label>
          <select
            id="preserve-profile"
            className={inputClasses("h-10 max-w-xl")}
            value={profile}
            disabled={busy}
            aria-invalid={attempted && !profile ? true : undefined}
            onChange={(event) => setProfile(event.target.value)}
          >
            <option value="">
              {profiles.isPending ? "Loading profiles…" : "Choose a profile…"}
            </option>
            {(profiles.data?.pro ?? []).map((p) => (
              <option key={p.pid} value={p.pid}>
                {profileName(p, languages)} ({p.pid})
              </option>
            ))}
          </select>
          {profiles.isError ? <ResultNotice error={profiles.error} /> : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Files</CardTitle>
          <CardDescription>
            Each file becomes one <Term term="PO (preservation object)">part</Term> of the new
            object: XML files are kept as XML, any other file byte for byte as it is.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <FileDrop
            onAdd={addFiles}
            label="Files to preserve"
            remainingBytes={remaining}
            disabled={busy}
          />
          <DroppedList
            items={files}
            relatable={ids}
            disabled={busy}
            onRemove={removeFile}
            onRelations={(key, relObj) =>
              setFiles(files.map((f) => (f.key === key ? { ...f, relObj } : f)))
            }
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Metadata</CardTitle>
          <CardDescription>
            Optional. Each metadata object is checked by the archive against its schema.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <MetadataObjects
            items={metadata}
            schemas={schemas}
            relatable={ids}
            onChange={changeMetadata}
            showErrors={false}
            disabled={busy}
          />
        </CardContent>
      </Card>

      {problems.length > 0 ? (
        <div role="alert" className="flex flex-col gap-1">
          <p className={errorClasses}>Before preserving:</p>
          <ul className={`${errorClasses} list-disc pl-5`}>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {error ? <ResultNotice error={error} /> : null}
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? "Preserving…" : "Preserve"}
        </Button>
        <p className={helpClasses}>
          The files and metadata are sealed together as the object&apos;s first version.
        </p>
      </div>
    </form>
  );
}
