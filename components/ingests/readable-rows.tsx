"use client";
// The building blocks of the package details: values as labelled rows, nested where the values
// nest, and raw JSON for whatever has no readable shape.
import { record, safeParse, string, unknown } from "valibot";
import { LocalTime } from "./local-time";

export { Rows } from "./readable-list";

const Flat = record(string(), unknown());

// JSON, for a part whose shape the dashboard does not know.
export function Raw({ value }: { value: unknown }) {
  return (
    <pre className="bg-surface-muted text-ink overflow-x-auto rounded-lg p-3 text-xs">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

const LABELS: Record<string, string> = {
  packageId: "Package ID",
  name: "Submission",
  profile: "Profile",
  status: "Status",
  submissionDate: "Submitted",
  version: "Version",
  tenant: "Tenant",
  submittedBy: "Submitted by",
};

// An object of plain values, with readable labels for the fields the archive is known to send.
export function FlatPart({ value }: { value: unknown }) {
  const parsed = safeParse(Flat, value);
  if (!parsed.success) return <Raw value={value} />;
  const rows = Object.entries(parsed.output).map(([key, v]) => ({
    key,
    label: LABELS[key] ?? key,
    v,
  }));
  return (
    <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(({ key, label, v }) => (
        <div key={key} className="contents">
          <dt className="text-ink-muted">{label}</dt>
          <dd className="text-ink break-words">
            {key === "submissionDate" && typeof v === "string" ? (
              <LocalTime iso={v} />
            ) : v === null || v === undefined ? (
              "—"
            ) : (
              String(v)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

// Every enriched part present in `details`, in the order of the chooser.
