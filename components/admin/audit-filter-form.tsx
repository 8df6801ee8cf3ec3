"use client";
// The audit log's filters: action, actor, outcome, date range and target. Applied on submit, so
// the address (and the export) always matches what the table shows. Plain classes (nothing to
// override), so the audit page loads no tailwind-merge.
import { useState } from "react";
import { clsx } from "clsx";
import { INPUT_CLASSES, labelClasses } from "@/components/metadata/input-base";
import { plainButtonClasses } from "@/components/ui/button-variants";
import { AUDIT_OUTCOMES, type AuditFilters } from "@/lib/admin/audit-filters";
import { actionText } from "./audit-words";

export interface AuditFilterFormProps {
  filters: AuditFilters;
  // The actions the log holds.
  actions: readonly string[];
  onApply: (filters: AuditFilters) => void;
}

const FIELD = "flex flex-col gap-1.5";

// The form; empty fields filter nothing.
export function AuditFilterForm({ filters, actions, onApply }: AuditFilterFormProps) {
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const set = (key: keyof AuditFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value || undefined }));
  const known =
    draft.action && !actions.includes(draft.action) ? [draft.action, ...actions] : actions;
  return (
    <form
      aria-label="Filter the audit log"
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(draft);
      }}
    >
      <div className={FIELD}>
        <label htmlFor="audit-action" className={labelClasses}>
          Action
        </label>
        <select
          id="audit-action"
          value={draft.action ?? ""}
          onChange={set("action")}
          className={clsx(INPUT_CLASSES, "h-10")}
        >
          <option value="">Any action</option>
          {known.map((action) => (
            <option key={action} value={action}>
              {actionText(action)} ({action})
            </option>
          ))}
        </select>
      </div>
      <div className={FIELD}>
        <label htmlFor="audit-actor" className={labelClasses}>
          Who
        </label>
        <input
          id="audit-actor"
          value={draft.actor ?? ""}
          onChange={set("actor")}
          placeholder="Part of a name or user ID"
          className={clsx(INPUT_CLASSES, "h-10")}
        />
      </div>
      <div className={FIELD}>
        <label htmlFor="audit-outcome" className={labelClasses}>
          Outcome
        </label>
        <select
          id="audit-outcome"
          value={draft.outcome ?? ""}
          onChange={set("outcome")}
          className={clsx(INPUT_CLASSES, "h-10")}
        >
          <option value="">Any outcome</option>
          {AUDIT_OUTCOMES.map((outcome) => (
            <option key={outcome} value={outcome}>
              {outcome}
            </option>
          ))}
        </select>
      </div>
      <div className={FIELD}>
        <label htmlFor="audit-from" className={labelClasses}>
          From (UTC)
        </label>
        <input
          id="audit-from"
          type="date"
          value={draft.from ?? ""}
          onChange={set("from")}
          className={clsx(INPUT_CLASSES, "h-10")}
        />
      </div>
      <div className={FIELD}>
        <label htmlFor="audit-to" className={labelClasses}>
          Until (UTC, included)
        </label>
        <input
          id="audit-to"
          type="date"
          value={draft.to ?? ""}
          onChange={set("to")}
          className={clsx(INPUT_CLASSES, "h-10")}
        />
      </div>
      <div className={FIELD}>
        <label htmlFor="audit-target" className={labelClasses}>
          Target
        </label>
        <input
          id="audit-target"
          value={draft.target ?? ""}
          onChange={set("target")}
          placeholder="Part of an object or package ID"
          className={clsx(INPUT_CLASSES, "h-10 font-mono")}
        />
      </div>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-3">
        <button type="submit" className={plainButtonClasses()}>
          Apply filters
        </button>
        <button
          type="button"
          className={plainButtonClasses("ghost")}
          onClick={() => {
            setDraft({});
            onApply({});
          }}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
