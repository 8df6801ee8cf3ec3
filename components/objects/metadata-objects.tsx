"use client";
// Metadata objects of a Preserve form, filled in through the same schema forms as an ingest. Each
// becomes a PO whose formatId is the schema namespace, so the archive validates it as metadata.
import { LazyMetadataForm } from "@/components/metadata/lazy-metadata-form";
import { Button } from "@/components/ui/button";
import {
  emptyMetadataEntry,
  toMetadataObject,
  type MetadataEntryDraft,
  type MetadataSchemaOption,
} from "@/lib/metadata/entry";
import type { PO } from "@scriptorium/contract/preservation/schemas";
import { Relations } from "./dropped-list";
import { metadataPo } from "./po-from-file";

export interface MetadataItem {
  key: string;
  id: string;
  draft: MetadataEntryDraft;
  relObj: string[];
}

let counter = 0;

// A new, empty metadata object with an id no other object has.
export function newMetadataItem(taken: readonly string[]): MetadataItem {
  let n = 1;
  while (taken.includes(`metadata-${n}`)) n++;
  return { key: `m${++counter}`, id: `metadata-${n}`, draft: emptyMetadataEntry(), relObj: [] };
}

// The PO of a metadata object, or null while it is incomplete.
export function poOfMetadata(item: MetadataItem): PO | null {
  const object = toMetadataObject(item.draft);
  if (!object) return null;
  if ("file" in object) {
    // atob gives Latin-1: a UTF-8 byte order mark reads as three characters.
    const head = atob(object.file.content.slice(0, 64))
      .replace(/^\u00ef\u00bb\u00bf/, "")
      .trimStart();
    return metadataPo({
      id: item.id,
      schema: object.schema,
      file: { base64: object.file.content, xml: head.startsWith("<") },
      relObj: item.relObj,
    });
  }
  return metadataPo({
    id: item.id,
    schema: object.schema,
    fields: object.metadata,
    relObj: item.relObj,
  });
}

export interface MetadataObjectsProps {
  items: readonly MetadataItem[];
  schemas: readonly MetadataSchemaOption[];
  relatable: readonly string[];
  onChange: (items: MetadataItem[]) => void;
  showErrors: boolean;
  disabled?: boolean;
}

// The list of metadata objects and the button that adds one.
export function MetadataObjects({
  items,
  schemas,
  relatable,
  onChange,
  showErrors,
  disabled,
}: MetadataObjectsProps) {
  const update = (key: string, change: Partial<MetadataItem>) =>
    onChange(items.map((item) => (item.key === key ? { ...item, ...change } : item)));
  return (
    <div className="flex flex-col gap-4">
      {items.map((item) => (
        <section
          key={item.key}
          aria-label={`Metadata object ${item.id}`}
          className="border-line flex flex-col gap-4 rounded-xl border p-4"
        >
          <div className="flex items-center justify-between gap-3">
            <h3 className="text-ink text-sm font-semibold">{item.id}</h3>
            <Button
              variant="ghost"
              size="sm"
              disabled={disabled}
              aria-label={`Remove ${item.id}`}
              onClick={() => onChange(items.filter((other) => other.key !== item.key))}
            >
              Remove
            </Button>
          </div>
          <LazyMetadataForm
            schemas={schemas}
            value={item.draft}
            onChange={(draft) => update(item.key, { draft })}
            showErrors={showErrors}
            idPrefix={`preserve-${item.key}`}
            disabled={disabled}
          />
          {relatable.some((id) => id !== item.id) ? (
            <Relations
              id={item.id}
              others={relatable.filter((id) => id !== item.id)}
              chosen={item.relObj}
              disabled={disabled}
              onChange={(relObj) => update(item.key, { relObj })}
            />
          ) : null}
        </section>
      ))}
      <div>
        <Button
          variant="secondary"
          disabled={disabled || schemas.length === 0}
          onClick={() =>
            onChange([...items, newMetadataItem([...relatable, ...items.map((i) => i.id)])])
          }
        >
          Add metadata
        </Button>
      </div>
    </div>
  );
}
