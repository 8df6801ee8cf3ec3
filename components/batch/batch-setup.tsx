"use client";
// Choosing and checking a batch: a folder (or files) and a spreadsheet, the profile, how files
// become packages, what the columns mean, then every problem and every planned package. Nothing
// can be sent until the plan is clean.
import { useDeferredValue, useMemo, useState } from "react";
import { inputClasses, labelClasses } from "@/components/metadata/input-classes";
import { Button } from "@/components/ui/button";
import { DropArea } from "@/components/ui/drop-area";
import { autoMap, type ColumnTarget } from "@/lib/batch/columns";
import { readCsv, type ParsedCsv } from "@/lib/batch/csv";
import { planBatch, suggestGrouping, type Grouping } from "@/lib/batch/plan";
import { chooseSchema } from "@/lib/batch/schema-choice";
import { schemasForProfile, type MetadataSchemaOption } from "@/lib/metadata/entry";
import type { ProfileOption } from "@/components/ingests/profile-field";
import { ColumnMapping } from "./column-mapping";
import { pickedFolder, type PickedFolder } from "./picked-files";
import { PlanPreview } from "./plan-preview";
import { PlanProblems } from "./plan-problems";
import type { StoredBatch, StoredBatchData } from "./batch-storage";
import { startBatch } from "./start-batch";
import { metadataValidator } from "./validator";

export interface BatchSetupProps {
  userId: string;
  profiles: readonly ProfileOption[];
  schemas: readonly MetadataSchemaOption[];
  onStarted: (batch: StoredBatch, data: StoredBatchData) => void;
}

const GROUPINGS: Record<Grouping, string> = {
  file: "One package per file",
  folder: "One package per subfolder",
  one: "All files in one package",
};

export function BatchSetup({ userId, profiles, schemas, onStarted }: BatchSetupProps) {
  const [folder, setFolder] = useState<PickedFolder | null>(null);
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

  const allowed = schemasForProfile(
    schemas,
    profiles.find((p) => p.id === profile)?.metadataSchemas,
  );
  const choice = useMemo(() => {
    const option = allowed.find((s) => s.uri === schemaUri);
    return chooseSchema(option ? [option] : allowed, csv?.headers ?? []);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [profile, schemaUri, csv?.headers]);

  const readSpreadsheet = async (file: File) => {
    try {
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
        `${file.name} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };

  const choose = (files: File[]) => {
    const picked = pickedFolder(files);
    setFolder(picked);
    setGrouping(null);
    setExcludedFiles(new Set());
    if (picked.spreadsheet) void readSpreadsheet(picked.spreadsheet);
  };

  const suggestion = useMemo(() => suggestGrouping(folder?.list ?? []), [folder]);
  const input = useDeferredValue({
    folder,
    csv,
    mapping,
    grouping,
    choice,
    excludedRows,
    excludedFiles,
  });
  const plan = useMemo(() => {
    if (!input.folder) return null;
    return planBatch({
      files: input.folder.list,
      csv: input.csv,
      mapping: input.mapping,
      grouping: input.grouping ?? suggestion.grouping,
      schemaUri: input.choice?.option.uri ?? null,
      fields: input.choice?.fields ?? [],
      validate: input.choice ? metadataValidator(input.choice.option) : () => [],
      excludedRows: input.excludedRows,
      excludedFiles: input.excludedFiles,
    });
  }, [input, suggestion]);

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
    if (!plan?.ready || !folder) return;
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
            hint="Drop a folder or files here; a metadata.csv at the top of the folder is read as the spreadsheet."
            onFiles={choose}
          />
          <label className="flex flex-col gap-1 text-sm">
            <span className={labelClasses}>Or choose a folder</span>
            <input
              type="file"
              aria-label="Folder to send"
              className="text-sm"
              {...{ webkitdirectory: "", directory: "" }}
              multiple
              onChange={(e) => choose([...(e.target.files ?? [])])}
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
      {failure && (
        <p role="alert" className="text-danger text-sm font-medium">
          {failure}
        </p>
      )}
      <div>
        <Button disabled={!plan?.ready || sending} onClick={() => void send()}>
          {plan
            ? `Send ${plan.packages.length === 1 ? "1 package" : `${plan.packages.length} packages`}`
            : "Send"}
        </Button>
      </div>
    </div>
  );
}
