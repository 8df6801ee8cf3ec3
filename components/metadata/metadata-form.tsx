"use client";
// One metadata entry: choose a schema, then fill in the form generated from its JSON Schema, or
// attach a metadata file instead. Controlled: the value is a MetadataEntryDraft (see
// lib/metadata/entry.ts; toMetadataObject turns it into the request's MetadataObject).
// Heavy (the form library and a JSON Schema validator): load it with LazyMetadataForm.
import { useMemo } from "react";
// Not the "@rjsf/core" index: it also exports getTestRegistry, which imports
// @rjsf/validator-ajv8, and the bundle kept Ajv and ajv-formats for it (unused, but shipped).
import Form from "@rjsf/core/lib/components/Form.js";
import type { RegistryWidgetsType } from "@rjsf/utils";
import {
  emptyMetadataEntry,
  formSchemaOf,
  type MetadataEntryDraft,
  type MetadataSchemaOption,
} from "@/lib/metadata/entry";
import { cfworkerValidator } from "@/lib/metadata/cfworker-validator";
import { uiSchemaFor } from "@/lib/metadata/ui-schema";
import { plainErrors, validateMetadataFields } from "@/lib/metadata/validate";
import { cn } from "@/lib/utils";
import { errorClasses, helpClasses, inputClasses, labelClasses } from "./input-classes";
import { MetadataFileInput } from "./metadata-file-input";
import { METADATA_FORM_TEMPLATES } from "./rjsf-templates";
import { SelectWidget, TextareaWidget } from "./rjsf-widgets";

const WIDGETS: RegistryWidgetsType = { SelectWidget, TextareaWidget };

export interface MetadataFormProps {
  // The schemas to offer (see listSchemas and schemasForProfile).
  schemas: readonly MetadataSchemaOption[];
  value: MetadataEntryDraft;
  onChange: (next: MetadataEntryDraft) => void;
  // Set after the first submit attempt: from then on errors show at the fields and follow each edit.
  showErrors?: boolean;
  // Unique on the page; prefixes every field id.
  idPrefix: string;
  disabled?: boolean;
}

const MODES = [
  { mode: "fields", label: "Fill in the fields" },
  { mode: "file", label: "Attach a metadata file instead" },
] as const;

// The schema picker, the mode switch and the chosen way of giving the metadata.
export function MetadataForm({
  schemas,
  value,
  onChange,
  showErrors = false,
  idPrefix,
  disabled,
}: MetadataFormProps) {
  const option = schemas.find((s) => s.uri === value.schema);
  const selectId = `${idPrefix}-schema`;
  const schemaMissing = showErrors && !option;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={selectId} className={labelClasses}>
          Metadata schema
        </label>
        <select
          id={selectId}
          className={inputClasses("h-10 max-w-md")}
          value={option ? option.uri : ""}
          disabled={disabled}
          aria-invalid={schemaMissing ? true : undefined}
          aria-describedby={`${selectId}__description`}
          onChange={(event) => onChange(emptyMetadataEntry(event.target.value))}
        >
          <option value="">Choose a schema…</option>
          {schemas.map((s) => (
            <option key={s.uri} value={s.uri}>
              {s.title}
            </option>
          ))}
        </select>
        <p
          id={`${selectId}__description`}
          className={cn(helpClasses, schemaMissing && errorClasses)}
        >
          {option
            ? option.description
            : schemaMissing
              ? "Choose a metadata schema."
              : "The archive validates the metadata against this schema."}
        </p>
      </div>

      {option ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">How to give the {option.title} metadata</legend>
          <div className="border-line bg-surface-muted inline-flex w-fit flex-wrap gap-0.5 rounded-lg border p-0.5">
            {MODES.map(({ mode, label }) => (
              <label
                key={mode}
                className={cn(
                  "text-ink-muted hover:text-ink cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium transition-colors",
                  "has-checked:bg-surface has-checked:text-ink has-checked:shadow-sm",
                  "has-focus-visible:outline-focus has-focus-visible:outline-2 has-focus-visible:outline-offset-2",
                )}
              >
                <input
                  type="radio"
                  name={`${idPrefix}-mode`}
                  value={mode}
                  checked={value.mode === mode}
                  disabled={disabled}
                  onChange={() => onChange({ ...value, mode })}
                  className="sr-only"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      {option && value.mode === "fields" ? (
        <SchemaFields
          option={option}
          value={value}
          onChange={onChange}
          showErrors={showErrors}
          idPrefix={idPrefix}
          disabled={disabled}
        />
      ) : null}
      {option && value.mode === "file" ? (
        <MetadataFileInput
          id={`${idPrefix}-file`}
          option={option}
          file={value.file}
          onChange={(file) => onChange({ ...value, file })}
          showErrors={showErrors}
          disabled={disabled}
        />
      ) : null}
    </div>
  );
}

function SchemaFields({
  option,
  value,
  onChange,
  showErrors,
  idPrefix,
  disabled,
}: Required<Pick<MetadataFormProps, "value" | "onChange" | "showErrors" | "idPrefix">> & {
  option: MetadataSchemaOption;
  disabled?: boolean;
}) {
  const schema = formSchemaOf(option);
  const uiSchema = useMemo(() => uiSchemaFor(schema), [schema]);
  const transformErrors = useMemo(() => plainErrors(schema), [schema]);
  // Errors come from our own validation of the current value, so they appear the moment the wizard
  // asks for them (not only after the next keystroke) and always match the summary it shows.
  const errorSchema = useMemo(
    () => (showErrors ? validateMetadataFields(schema, value.fields).errorSchema : undefined),
    [showErrors, schema, value.fields],
  );
  return (
    <Form
      key={option.uri}
      tagName="div"
      schema={schema}
      uiSchema={uiSchema}
      formData={value.fields}
      validator={cfworkerValidator}
      templates={METADATA_FORM_TEMPLATES}
      widgets={WIDGETS}
      idPrefix={idPrefix}
      showErrorList={false}
      extraErrors={errorSchema}
      transformErrors={transformErrors}
      disabled={disabled}
      onChange={(event) =>
        onChange({ ...value, fields: (event.formData ?? {}) as Record<string, unknown> })
      }
    />
  );
}
