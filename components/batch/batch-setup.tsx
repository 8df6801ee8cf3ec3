"use client";
// Choosing and checking a batch: a folder (or files) and a spreadsheet, the profile, how files
// become packages, what the columns mean, then every problem and every planned package. Nothing
// can be sent until the plan is clean.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDeferredValue, useMemo, useState } from "react";
import { inputClasses, labelClasses } from "@/components/metadata/input-classes";
import { Button } from "@/components/ui/button";
import { DropArea } from "@/components/ui/drop-area";
import { autoMap, type ColumnTarget } from "@/lib/batch/columns";
import type { ParsedCsv } from "@/lib/batch/csv";
import { givenPackageIds, planBatch, suggestGrouping, type Grouping } from "@/lib/batch/plan";
import { chooseSchema } from "@/lib/batch/schema-choice";
import { schemasForProfile, type MetadataSchemaOption } from "@/lib/metadata/entry";
import { takenPackageIdsOptions } from "@/lib/queries/batch";
import type { ProfileOption } from "@/components/ingests/profile-field";
import { ColumnMapping } from "./column-mapping";
import type * as BatchReaderModule from "./batch-readers";
import type { BatchSource } from "./batch-source";
import type { PickedFolder } from "./picked-files";
import { PlanPreview } from "./plan-preview";
import { PlanProblems } from "./plan-problems";
import type { StoredBatch, StoredBatchData } from "./batch-storage";
import { startBatch } from "./start-batch";

export interface BatchSetupProps {
  userId: string;
  profiles: readonly ProfileOption[];
  schemas: readonly MetadataSchemaOption[];
  onStarted: (batch: StoredBatch, data: StoredBatchData) => void;
}

type BatchReaders = typeof BatchReaderModule;

let readersLoading: Promise<BatchReaders> | null = null;

// The readers of zips, spreadsheets and metadata, loaded once, on the first choice of a file.
function loadReaders(): Promise<BatchReaders> {
  readersLoading ??= import("./batch-readers").catch((error: unknown) => {
    readersLoading = null;
    throw error;
  });
  return readersLoading;
}

const GROUPINGS: Record<Grouping, string> = {
  file: "One package per file",
  folder: "One package per subfolder",
  one: "All files in one package",
};

export function BatchSetup({ userId, profiles, schemas, onStarted }: BatchSetupProps) {
  const [folder, setFolder] = useState<PickedFolder | null>(null);
  const [folderError, setFolderError] = useState<string | null>(null);
  const [csv, setCsv] = useState<ParsedCsv | null>(null);
  const [csvError, setCsvError] = useState<string | null>(null);
  const [profile, setProfile] = useState(profiles[0]?.id ?? "default");
  const [schemaUri, setSchemaUri] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ColumnTarget[]>([]);
  const [grouping, setGrouping] = useState<Grouping | null>(null);
  const [excludedRows, setExcludedRows] = useState<ReadonlySet<number>>(new Set());
  const [excludedFiles, setExcludedFiles] = useState<ReadonlySet<string>>(new Set());
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Set before the first folder or spreadsheet is: every plan is made with them.
  const [readers, setReaders] = useState<BatchReaders | null>(null);

  const allowed = schemasForProfile(
    schemas,
    profiles.find((p) => p.id === profile)?.metadataSchemas,
  );
  const choice = useMemo(() => {
    const option = allowed.find((s) => s.uri === schemaUri);
    return chooseSchema(option ? [option] : allowed, csv?.headers ?? []);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [profile, schemaUri, csv?.headers]);

  const readSpreadsheet = async (source: BatchSource) => {
    let file: File | null = null;
    try {
      const loaded = await loadReaders();
      setReaders(loaded);
      const { openSource, readCsv } = loaded;
      file = await openSource(source).catch(() => null);
      if (!file) throw new Error("it could not be read from the zip");
      const parsed = readCsv(new Uint8Array(await file.arrayBuffer()));
      const best = chooseSchema(allowed, parsed.headers);
      setCsv(parsed);
      setCsvError(null);
      setSchemaUri(best?.option.uri ?? null);
      setMapping(autoMap(parsed.headers, best?.fields ?? []));
      setExcludedRows(new Set());
    } catch (error) {
      setCsv(null);
      setCsvError(
        `${file?.name ?? "The spreadsheet"} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };

  const choose = async (files: File[]) => {
    let picked: PickedFolder;
    try {
      const loaded = await loadReaders();
      setReaders(loaded);
      picked = await loaded.pickFiles(files);
    } catch (error) {
      setFolder(null);
      setFolderError(error instanceof Error ? error.message : String(error));
      return;
    }
    setFolder(picked);
    setFolderError(null);
    setGrouping(null);
    setExcludedFiles(new Set());
    if (picked.spreadsheet) void readSpreadsheet(picked.spreadsheet);
  };

  const suggestion = useMemo(() => suggestGrouping(folder?.list ?? []), [folder]);
  // One object per change of what the plan depends on, so the deferred plan is made again only
  // then (a new object per render would plan a thousand rows again on every click).
  const planInput = useMemo(
    () => ({ folder, csv, mapping, grouping, choice, excludedRows, excludedFiles }),
    [folder, csv, mapping, grouping, choice, excludedRows, excludedFiles],
  );
  const input = useDeferredValue(planInput);
  // Ids the spreadsheet gives are checked against what the tenant already has (holdings, journal,
  // batches under way): the plan is not clean until the answer is in for exactly these ids.
  const givenIds = useMemo(
    () => givenPackageIds(input.csv, input.mapping, input.excludedRows),
    [input.csv, input.mapping, input.excludedRows],
  );
  const takenQuery = useQuery({
    ...takenPackageIdsOptions(givenIds),
    placeholderData: keepPreviousData,
  });
  const checkingIds = givenIds.length > 0 && (takenQuery.isPending || takenQuery.isPlaceholderData);
  const taken = givenIds.length > 0 ? takenQuery.data : undefined;
  const plan = useMemo(() => {
    if (!input.folder) return null;
    return planBatch({
      files: input.folder.list,
      csv: input.csv,
      mapping: input.mapping,
      grouping: input.grouping ?? suggestion.grouping,
      schemaUri: input.choice?.option.uri ?? null,
      fields: input.choice?.fields ?? [],
      validate: input.choice && readers ? readers.metadataValidator(input.choice.option) : () => [],
      excludedRows: input.excludedRows,
      excludedFiles: input.excludedFiles,
      takenPackageIds: taken,
    });
  }, [input, suggestion, taken, readers]);
  const idsProblem = takenQuery.isError
    ? `The package ids could not be checked against the archive's holdings: ${takenQuery.error.message}`
    : null;
  const ready = Boolean(plan?.ready) && !checkingIds && !idsProblem;

  const editCell = (row: number, column: number, value: string) =>
    setCsv(
      (current) =>
        current && {
          ...current,
          rows: current.rows.map((r) =>
            r.row === row ? { ...r, cells: r.cells.map((c, i) => (i === column ? value : c)) } : r,
          ),
        },
    );

  const send = async () => {
    if (!plan || !ready || !folder) return;
    setSending(true);
    setFailure(null);
    try {
      const started = await startBatch({
        userId,
        name: folder.name,
        profile,
        schemaUri: choice?.option.uri ?? null,
        plan,
        files: folder.files,
      });
      onStarted(started.batch, started.data);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setSending(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-2">
          <DropArea
            label="Files to send"
            hint="Drop a folder, files or a zip of them here; a metadata.csv at the top of the folder or zip (or a spreadsheet dropped beside the zip) is read as the spreadsheet."
            onFiles={(files) => void choose(files)}
          />
          {folderError && (
            <p role="alert" className="text-danger text-sm font-medium">
              {folderError}
            </p>
          )}
          {folder && folder.skipped.length > 0 && (
            <p className="text-warning text-sm">
              Left out of the zip: {folder.skipped.slice(0, 5).join(", ")}
              {folder.skipped.length > 5 ? ` and ${folder.skipped.length - 5} more` : ""}.
            </p>
          )}
          <label className="flex flex-col gap-1 text-sm">
            <span className={labelClasses}>Or choose a folder</span>
            <input
              type="file"
              aria-label="Folder to send"
              className="text-sm"
              {...{ webkitdirectory: "", directory: "" }}
              multiple
              onChange={(e) => void choose([...(e.target.files ?? [])])}
            />
          </label>
        </div>
        <div className="flex flex-col gap-4">
          <label className="flex flex-col gap-1 text-sm">
            <span className={labelClasses}>Metadata spreadsheet (CSV)</span>
            <input
              type="file"
              accept=".csv,.tsv,.txt,text/csv"
              aria-label="Metadata spreadsheet"
              className="text-sm"
              onChange={(e) => e.target.files?.[0] && void readSpreadsheet(e.target.files[0])}
            />
            {csv && (
              <span className="text-ink-muted">
                {csv.rows.length} rows · {csv.encoding} · delimiter{" "}
                {csv.delimiter === "\t" ? "tab" : `“${csv.delimiter}”`}
              </span>
            )}
            {csvError && <span className="text-danger font-medium">{csvError}</span>}
            {csv?.warnings.map((w) => (
              <span key={w} className="text-warning">
                {w}
              </span>
            ))}
          </label>
          <label className="flex flex-col gap-1 text-sm">
            <span className={labelClasses}>Profile</span>
            <select
              className={inputClasses("h-9")}
              value={profile}
              onChange={(e) => setProfile(e.target.value)}
            >
              {profiles.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title} ({p.retention})
                </option>
              ))}
            </select>
          </label>
          {folder && (
            <label className="flex flex-col gap-1 text-sm">
              <span className={labelClasses}>Packages</span>
              <select
                className={inputClasses("h-9")}
                value={grouping ?? suggestion.grouping}
                onChange={(e) => setGrouping(e.target.value as Grouping)}
              >
                {Object.entries(GROUPINGS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
              <span className="text-ink-muted">{grouping ? "Chosen by you." : suggestion.why}</span>
            </label>
          )}
          {csv && (
            <label className="flex flex-col gap-1 text-sm">
              <span className={labelClasses}>Metadata schema</span>
              <select
                className={inputClasses("h-9")}
                value={choice?.option.uri ?? ""}
                onChange={(e) => {
                  const next = chooseSchema(
                    allowed.filter((s) => s.uri === e.target.value),
                    csv.headers,
                  );
                  setSchemaUri(e.target.value);
                  setMapping(autoMap(csv.headers, next?.fields ?? []));
                }}
              >
                {allowed.map((s) => (
                  <option key={s.uri} value={s.uri}>
                    {s.title}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      </div>
      {csv && (
        <ColumnMapping
          headers={csv.headers}
          mapping={mapping}
          fields={choice?.fields ?? []}
          onChange={setMapping}
        />
      )}
      {plan && csv && (
        <PlanProblems
          plan={plan}
          headers={csv.headers}
          rows={csv.rows}
          mapping={mapping}
          onEditCell={editCell}
          onExcludeRow={(row) => setExcludedRows((s) => new Set([...s, row]))}
          onExcludeFiles={(paths) => setExcludedFiles((s) => new Set([...s, ...paths]))}
        />
      )}
      {plan && !csv && plan.problems.length > 0 && (
        <ul className="text-danger text-sm">
          {plan.problems.map((p) => (
            <li key={p.message}>{p.message}</li>
          ))}
        </ul>
      )}
      {plan && <PlanPreview plan={plan} />}
      {checkingIds && (
        <p role="status" className="text-ink-muted text-sm">
          Checking whether the package ids are taken…
        </p>
      )}
      {idsProblem && (
        <p role="alert" className="text-danger text-sm font-medium">
          {idsProblem}{" "}
          <Button variant="secondary" onClick={() => void takenQuery.refetch()}>
            Check again
          </Button>
        </p>
      )}
      {failure && (
        <p role="alert" className="text-danger text-sm font-medium">
          {failure}
        </p>
      )}
      <div>
        <Button disabled={!ready || sending} onClick={() => void send()}>
          {plan
            ? `Send ${plan.packages.length === 1 ? "1 package" : `${plan.packages.length} packages`}`
            : "Send"}
        </Button>
      </div>
    </div>
  );
}
