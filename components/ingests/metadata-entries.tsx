"use client";
// A list of metadata entries (package- or document-level): each a schema-driven form or an attached
// file, with remove buttons and one button to add another. Controlled.
import { useRef } from "react";
import { LazyMetadataForm } from "@/components/metadata/lazy-metadata-form";
import { Button, buttonClasses } from "@/components/ui/button";
import {
  emptyMetadataEntry,
  type MetadataEntryDraft,
  type MetadataSchemaOption,
} from "@/lib/metadata/entry";

export interface MetadataEntriesProps {
  entries: readonly MetadataEntryDraft[];
  onChange: (entries: MetadataEntryDraft[]) => void;
  schemas: readonly MetadataSchemaOption[];
  // Builds each entry's id prefix; must be unique on the page.
  idOf: (index: number) => string;
  // "Package metadata", "Metadata of report.pdf": names each entry for the eye and the ear.
  label: string;
  showErrors: boolean;
  disabled?: boolean;
  // What the add button says, e.g. "Add package metadata".
  addLabel: string;
  headingLevel?: 3 | 4;
}

// Entries in order; removing one moves focus to the add button, adding one to the new schema select.
export function MetadataEntries({
  entries,
  onChange,
  schemas,
  idOf,
  label,
  showErrors,
  disabled,
  addLabel,
  headingLevel = 3,
}: MetadataEntriesProps) {
  const addButton = useRef<HTMLButtonElement>(null);
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const replace = (index: number, entry: MetadataEntryDraft) =>
    onChange(entries.map((e, i) => (i === index ? entry : e)));
  const remove = (index: number) => {
    onChange(entries.filter((_, i) => i !== index));
    requestAnimationFrame(() => addButton.current?.focus());
  };
  const add = () => {
    // The only schema on offer is chosen already: one step less.
    const only = schemas.length === 1 ? schemas[0]?.uri : undefined;
    onChange([...entries, emptyMetadataEntry(only)]);
    const id = `${idOf(entries.length)}-schema`;
    // The form loads lazily; wait for its select to exist before moving focus there.
    const focus = (tries: number) => {
      const select = document.getElementById(id);
      if (select) select.focus();
      else if (tries > 0) setTimeout(() => focus(tries - 1), 100);
    };
    requestAnimationFrame(() => focus(30));
  };
  return (
    <div className="flex flex-col gap-4">
      {entries.map((entry, index) => {
        const id = idOf(index);
        const title = schemas.find((s) => s.uri === entry.schema)?.title;
        const name = `${label} ${index + 1}${title ? ` (${title})` : ""}`;
        return (
          <section
            key={id}
            aria-labelledby={`${id}-heading`}
            className="border-line flex flex-col gap-4 rounded-xl border p-4"
          >
            <div className="flex items-center justify-between gap-3">
              <Heading id={`${id}-heading`} className="text-ink text-sm font-semibold">
                {name}
              </Heading>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => remove(index)}
                disabled={disabled}
                aria-label={`Remove ${name}`}
              >
                Remove
              </Button>
            </div>
            <LazyMetadataForm
              schemas={schemas}
              value={entry}
              onChange={(next) => replace(index, next)}
              showErrors={showErrors}
              idPrefix={id}
              disabled={disabled}
            />
          </section>
        );
      })}
      {/* A plain button with the Button look: it takes a ref, so focus can come back here. */}
      <button
        ref={addButton}
        type="button"
        className={buttonClasses("secondary", "md", "w-fit")}
        onClick={add}
        disabled={disabled || schemas.length === 0}
      >
        {addLabel}
      </button>
      {schemas.length === 0 ? (
        <p className="text-ink-muted text-sm">
          Choose a profile first: it decides which metadata schemas may be used.
        </p>
      ) : null}
    </div>
  );
}
