"use client";
// Inputs and buttons of the metadata form, styled like components/ui. Each input carries
// aria-invalid and aria-describedby (its description, errors and help), as the templates render them.
import type { ChangeEvent, FocusEvent } from "react";
import {
  ariaDescribedByIds,
  enumOptionsIndexForValue,
  enumOptionsValueForIndex,
  examplesId,
  getInputProps,
  type BaseInputTemplateProps,
  type IconButtonProps,
  type WidgetProps,
} from "@rjsf/utils";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { inputClasses } from "./input-classes";

const invalid = (rawErrors: string[] | undefined) =>
  rawErrors && rawErrors.length > 0 ? true : undefined;

// Array items have no visible label of their own; the name read out is the array's title and position.
const hiddenLabel = (props: Pick<WidgetProps, "hideLabel" | "label">) =>
  props.hideLabel ? props.label : undefined;

// <input> for text, numbers, dates, email and URIs.
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const {
    id,
    htmlName,
    value,
    readonly,
    disabled,
    autofocus,
    onBlur,
    onFocus,
    onChange,
    onChangeOverride,
  } = props;
  const { options, schema, type, rawErrors, placeholder, required } = props;
  const inputProps = getInputProps(schema, type, options);
  const shown = value === undefined || value === null ? "" : value;
  const examples = Array.isArray(schema.examples) ? schema.examples.map(String) : [];
  return (
    <>
      <input
        id={id}
        name={htmlName || id}
        className={inputClasses("h-10")}
        readOnly={readonly}
        disabled={disabled}
        autoFocus={autofocus}
        placeholder={placeholder}
        required={required}
        value={shown}
        {...inputProps}
        list={examples.length > 0 ? examplesId(id) : undefined}
        aria-label={hiddenLabel(props)}
        aria-invalid={invalid(rawErrors)}
        aria-describedby={ariaDescribedByIds(id, examples.length > 0)}
        onChange={
          onChangeOverride ??
          ((event: ChangeEvent<HTMLInputElement>) =>
            onChange(event.target.value === "" ? options.emptyValue : event.target.value))
        }
        onBlur={(event: FocusEvent<HTMLInputElement>) => onBlur(id, event.target.value)}
        onFocus={(event: FocusEvent<HTMLInputElement>) => onFocus(id, event.target.value)}
      />
      {examples.length > 0 ? (
        <datalist id={examplesId(id)}>
          {examples.map((example) => (
            <option key={example} value={example} />
          ))}
        </datalist>
      ) : null}
    </>
  );
}

// <select> for enums, with an empty first choice so nothing is picked by accident.
export function SelectWidget(props: WidgetProps) {
  const { id, htmlName, options, value, required, disabled, readonly, autofocus, rawErrors } =
    props;
  const { onChange, onBlur, onFocus } = props;
  const enumOptions = options.enumOptions ?? [];
  const selected = enumOptionsIndexForValue(value, enumOptions, false);
  const decode = (index: string) =>
    enumOptionsValueForIndex(index, enumOptions, options.emptyValue);
  return (
    <select
      id={id}
      name={htmlName || id}
      className={inputClasses("h-10 pr-8")}
      value={typeof selected === "string" ? selected : ""}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      aria-label={hiddenLabel(props)}
      aria-invalid={invalid(rawErrors)}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => onChange(decode(event.target.value))}
      onBlur={(event) => onBlur(id, decode(event.target.value))}
      onFocus={(event) => onFocus(id, decode(event.target.value))}
    >
      <option value="">Choose…</option>
      {enumOptions.map(({ label }, index) => (
        <option
          key={index}
          value={String(index)}
          disabled={options.enumDisabled?.includes(enumOptions[index]?.value)}
        >
          {label}
        </option>
      ))}
    </select>
  );
}

// <textarea> for long free text ("ui:widget": "textarea").
export function TextareaWidget(props: WidgetProps) {
  const { id, htmlName, options, value, required, disabled, readonly, autofocus, rawErrors } =
    props;
  return (
    <textarea
      id={id}
      name={htmlName || id}
      className={inputClasses("min-h-24 py-2")}
      value={typeof value === "string" ? value : ""}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      rows={typeof options.rows === "number" ? options.rows : 4}
      aria-label={hiddenLabel(props)}
      aria-invalid={invalid(rawErrors)}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) =>
        props.onChange(event.target.value === "" ? options.emptyValue : event.target.value)
      }
      onBlur={(event) => props.onBlur(id, event.target.value)}
      onFocus={(event) => props.onFocus(id, event.target.value)}
    />
  );
}

function iconButton(label: string, glyph: string, tone: "ghost" | "danger" = "ghost") {
  function RjsfIconButton({
    icon: _icon,
    iconType: _type,
    registry: _r,
    uiSchema: _u,
    className,
    title,
    ...rest
  }: IconButtonProps) {
    return (
      <Button
        variant="ghost"
        size="icon"
        aria-label={typeof title === "string" && title !== "" ? title : label}
        title={typeof title === "string" && title !== "" ? title : label}
        className={cn(
          "size-8",
          tone === "danger" && "hover:bg-danger-soft hover:text-danger",
          className,
        )}
        {...rest}
      >
        <span aria-hidden="true">{glyph}</span>
      </Button>
    );
  }
  return RjsfIconButton;
}

// The form's buttons; its own submit button is never shown (the wizard submits).
export const BUTTON_TEMPLATES = {
  SubmitButton: () => null,
  AddButton: iconButton("Add", "+"),
  CopyButton: iconButton("Copy", "⧉"),
  MoveDownButton: iconButton("Move down", "↓"),
  MoveUpButton: iconButton("Move up", "↑"),
  RemoveButton: iconButton("Remove", "×", "danger"),
  ClearButton: iconButton("Clear", "×"),
};
