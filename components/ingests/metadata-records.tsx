// A version's package metadata records, read leniently: each record's values as labelled rows under
// its schema's title. Shared by a SIP's package details and a package's metadata page.
import { readableMetadata } from "@/lib/ingest/watch/readable";
import type { MetadataSchemaOption } from "@/lib/metadata/entry";
import { Rows } from "./readable-list";

export interface MetadataRecord {
  schema: string;
  metadata: unknown;
}

// The records in `value` (the metadata enricher's answer), or null when it has another shape.
export function metadataRecordsOf(value: unknown): MetadataRecord[] | null {
  if (!Array.isArray(value)) return null;
  const records: MetadataRecord[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== "object" || item === null) return null;
    const { schema, metadata } = item as { schema?: unknown; metadata?: unknown };
    if (typeof schema !== "string") return null;
    records.push({ schema, metadata });
  }
  return records;
}

export function MetadataRecords({
  records,
  schemas,
}: {
  records: readonly MetadataRecord[];
  schemas: readonly MetadataSchemaOption[];
}) {
  if (records.length === 0)
    return <p className="text-ink-muted text-sm">No package metadata in this version (yet).</p>;
  return (
    <div className="flex flex-col gap-4">
      {records.map((record, i) => {
        const option = schemas.find((s) => s.uri === record.schema);
        return (
          <div key={`${record.schema}-${i}`} className="flex flex-col gap-2">
            <p className="text-ink text-sm font-medium">{option?.title ?? record.schema}</p>
            <Rows
              rows={readableMetadata(
                record.metadata,
                option?.schema as Parameters<typeof readableMetadata>[1],
              )}
            />
          </div>
        );
      })}
    </div>
  );
}
