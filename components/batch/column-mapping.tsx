"use client";
// The mapping step: what each spreadsheet column means, matched by name and changeable.
import { inputClasses, labelClasses } from "@/components/metadata/input-classes";
import type { ColumnTarget, SchemaField } from "@/lib/batch/columns";

export interface ColumnMappingProps {
  headers: readonly string[];
  mapping: readonly ColumnTarget[];
  fields: readonly SchemaField[];
  onChange: (mapping: ColumnTarget[]) => void;
}

function valueOf(target: ColumnTarget): string {
  return target.kind === "field" ? `field:${target.field}` : target.kind;
}

function targetOf(value: string): ColumnTarget {
  if (value.startsWith("field:")) return { kind: "field", field: value.slice(6) };
  if (value === "file" || value === "packageId") return { kind: value };
  return { kind: "ignore" };
}

export function ColumnMapping({ headers, mapping, fields, onChange }: ColumnMappingProps) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className={labelClasses}>Columns</legend>
      <p className="text-ink-muted text-sm">
        Matched by name; change any column that means something else.
      </p>
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {headers.map((header, i) => (
          <label key={`${header}-${i}`} className="flex flex-col gap-1 text-sm">
            <span className="text-ink font-medium">{header || `Column ${i + 1}`}</span>
            <select
              className={inputClasses("h-9")}
              value={valueOf(mapping[i] ?? { kind: "ignore" })}
              onChange={(e) =>
                onChange(mapping.map((m, j) => (j === i ? targetOf(e.target.value) : m)))
              }
            >
              <option value="ignore">Not used</option>
              <option value="file">File (or folder) the row describes</option>
              <option value="packageId">Package id</option>
              {fields.map((f) => (
                <option key={f.key} value={`field:${f.key}`}>
                  {f.title}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
