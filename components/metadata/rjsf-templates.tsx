"use client";
// Layout of the metadata form: labels above fields, help text under labels, errors under fields,
// nested objects and lists as titled fieldsets. Replaces @rjsf/core's Bootstrap-flavoured markup.
import {
  errorId,
  helpId,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  type DescriptionFieldProps,
  type FieldErrorProps,
  type FieldHelpProps,
  type FieldTemplateProps,
  type ObjectFieldTemplateProps,
  type TemplatesType,
  type TitleFieldProps,
} from "@rjsf/utils";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { errorClasses, helpClasses, labelClasses } from "./input-classes";
import { BaseInputTemplate, BUTTON_TEMPLATES } from "./rjsf-widgets";

// "*" is for sighted readers; screen readers get the input's `required` state instead.
function RequiredMark({ required }: { required?: boolean }) {
  return required ? (
    <span className="text-danger ml-0.5" aria-hidden="true">
      *
    </span>
  ) : null;
}

function FieldTemplate(props: FieldTemplateProps) {
  const {
    id,
    label,
    children,
    errors,
    help,
    description,
    hidden,
    required,
    displayLabel,
    fieldPathId,
  } = props;
  if (hidden) return <div className="hidden">{children}</div>;
  // An item of a list: rjsf labels it "Creator-1", and every item counts as required.
  const isItem = typeof fieldPathId.path.at(-1) === "number";
  return (
    <div className="flex flex-col gap-1.5">
      {displayLabel && label ? (
        <label htmlFor={id} className={labelClasses}>
          {isItem ? label.replace(/-(\d+)$/, " $1") : label}
          <RequiredMark required={required && !isItem} />
        </label>
      ) : null}
      {displayLabel && description ? description : null}
      {children}
      {errors}
      {help}
    </div>
  );
}

function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { title, description, properties, required, fieldPathId, registry, schema, uiSchema } =
    props;
  const fields = properties
    .filter((p) => !p.hidden)
    .map((p) => <div key={p.name}>{p.content}</div>);
  // The root object is the form itself: the schema picker above already names it.
  if (fieldPathId.path.length === 0) return <div className="flex flex-col gap-5">{fields}</div>;
  const Title = registry.templates.TitleFieldTemplate;
  const Description = registry.templates.DescriptionFieldTemplate;
  return (
    <fieldset
      id={fieldPathId.$id}
      className="border-line flex flex-col gap-4 rounded-xl border p-4"
    >
      {title ? (
        <Title
          id={`${fieldPathId.$id}__title`}
          title={title}
          required={required}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
        />
      ) : null}
      {description ? (
        <Description
          id={`${fieldPathId.$id}__description`}
          description={description}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
        />
      ) : null}
      {fields}
    </fieldset>
  );
}

function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const {
    title,
    schema,
    items,
    canAdd,
    onAddClick,
    disabled,
    readonly,
    required,
    fieldPathId,
    registry,
    uiSchema,
  } = props;
  const Title = registry.templates.TitleFieldTemplate;
  const Description = registry.templates.DescriptionFieldTemplate;
  const description = typeof schema.description === "string" ? schema.description : undefined;
  const itemSchema = schema.items;
  const itemTitle =
    itemSchema &&
    typeof itemSchema === "object" &&
    !Array.isArray(itemSchema) &&
    typeof itemSchema.title === "string"
      ? itemSchema.title
      : title;
  return (
    <fieldset
      id={fieldPathId.$id}
      className="border-line flex flex-col gap-3 rounded-xl border p-4"
    >
      {title ? (
        <Title
          id={`${fieldPathId.$id}__title`}
          title={title}
          required={required}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
        />
      ) : null}
      {description ? (
        <Description
          id={`${fieldPathId.$id}__description`}
          description={description}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
        />
      ) : null}
      {items.length > 0 ? <ol className="flex flex-col gap-2">{items}</ol> : null}
      {canAdd ? (
        <div>
          <Button
            variant="secondary"
            size="sm"
            onClick={onAddClick}
            disabled={disabled || readonly}
          >
            <span aria-hidden="true">+</span> Add {itemTitle ? itemTitle.toLowerCase() : "an item"}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}

function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, index, totalItems } = props;
  const {
    hasMoveUp,
    hasMoveDown,
    hasRemove,
    onMoveUpItem,
    onMoveDownItem,
    onRemoveItem,
    disabled,
    readonly,
  } = buttonsProps;
  const off = disabled || readonly;
  const which = `item ${index + 1} of ${totalItems}`;
  return (
    <li className="flex items-start gap-2">
      <div className="min-w-0 flex-1">{children}</div>
      {hasToolbar ? (
        <div className="flex shrink-0 items-center gap-0.5 pt-1">
          {hasMoveUp || hasMoveDown ? (
            <>
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Move ${which} up`}
                disabled={off || !hasMoveUp}
                onClick={onMoveUpItem}
              >
                <span aria-hidden="true">↑</span>
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Move ${which} down`}
                disabled={off || !hasMoveDown}
                onClick={onMoveDownItem}
              >
                <span aria-hidden="true">↓</span>
              </Button>
            </>
          ) : null}
          {hasRemove ? (
            <Button
              variant="ghost"
              size="icon"
              className="hover:bg-danger-soft hover:text-danger size-8"
              aria-label={`Remove ${which}`}
              disabled={off}
              onClick={onRemoveItem}
            >
              <span aria-hidden="true">×</span>
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function TitleFieldTemplate({ id, title, required }: TitleFieldProps) {
  return (
    <legend id={id} className="text-ink px-1 text-sm font-semibold">
      {title}
      <RequiredMark required={required} />
    </legend>
  );
}

function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  return description ? (
    <p id={id} className={cn(helpClasses, "-mt-1")}>
      {description}
    </p>
  ) : null;
}

function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  const shown = (errors ?? []).filter(Boolean);
  if (shown.length === 0) return null;
  return (
    <ul id={errorId(fieldPathId)} className="flex flex-col gap-0.5">
      {shown.map((error, i) => (
        <li key={i} className={errorClasses}>
          {error}
        </li>
      ))}
    </ul>
  );
}

function FieldHelpTemplate({ help, fieldPathId }: FieldHelpProps) {
  return help ? (
    <p id={helpId(fieldPathId)} className={helpClasses}>
      {help}
    </p>
  ) : null;
}

// The templates handed to <Form templates>.
export const METADATA_FORM_TEMPLATES: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  TitleFieldTemplate,
  DescriptionFieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  BaseInputTemplate,
  ButtonTemplates: BUTTON_TEMPLATES,
};
