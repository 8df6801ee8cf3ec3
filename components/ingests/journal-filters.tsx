"use client";
// The journal's filters: status, plugin outcome, user (admins), profile and submission dates.
// Each change applies at once; the URL keeps them, so a filtered view can be shared.
import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { SIP_TERMINAL_STATUSES } from "@scriptorium/contract/ingest/limits";
import { inputClasses, labelClasses } from "@/components/metadata/input-classes";
import { Button } from "@/components/ui/button";
import { IN_PROGRESS, NO_OUTCOME, type JournalPage } from "@/lib/journal/journal-search";
import type { ProfileLabels } from "@/lib/preservation/profile-labels";
import { batchListOptions } from "@/lib/queries/batch";
import { hasFilters, type JournalView } from "./journal-url";

export interface JournalFiltersProps {
  view: JournalView;
  facets: JournalPage["facets"] | undefined;
  isAdmin: boolean;
  profiles: ProfileLabels;
  onChange: (patch: Partial<JournalView>) => void;
}

function Select({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={inputClasses("h-9")}
      >
        {children}
      </select>
    </div>
  );
}

// A row of labelled controls and a reset button.
export function JournalFilters({ view, facets, isAdmin, profiles, onChange }: JournalFiltersProps) {
  // The two ends are always offered, so "FAILED" answers "none" rather than being missing.
  const statuses = [
    ...new Set([
      ...SIP_TERMINAL_STATUSES,
      ...(facets?.statuses ?? []),
      ...(view.status && view.status !== IN_PROGRESS ? [view.status] : []),
    ]),
  ];
  const batches = useQuery(batchListOptions()).data?.batches ?? [];
  return (
    <fieldset className="grid gap-3 sm:grid-cols-3 lg:grid-cols-7 lg:items-end">
      <legend className="sr-only">Filter the submissions</legend>
      <Select
        id="journal-status"
        label="Status"
        value={view.status}
        onChange={(status) => onChange({ status })}
      >
        <option value="">Any status</option>
        <option value={IN_PROGRESS}>In progress</option>
        {statuses.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </Select>
      <Select
        id="journal-outcome"
        label="Plugin outcome"
        value={view.outcome}
        onChange={(outcome) => onChange({ outcome })}
      >
        <option value="">Any outcome</option>
        <option value="FAILURE">A plugin failed</option>
        <option value="WARNING">Warnings</option>
        <option value="SUCCESS">All succeeded</option>
        <option value={NO_OUTCOME}>No reports yet</option>
      </Select>
      {isAdmin ? (
        <Select
          id="journal-user"
          label="Submitted by"
          value={view.user}
          onChange={(user) => onChange({ user })}
        >
          <option value="">Anyone</option>
          {(facets?.users ?? []).map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </Select>
      ) : null}
      <Select
        id="journal-profile"
        label="Profile"
        value={view.profile}
        onChange={(profile) => onChange({ profile })}
      >
        <option value="">Any profile</option>
        {(facets?.profiles ?? []).map((p) => (
          <option key={p} value={p}>
            {profiles[p] ? `${profiles[p].name} (${p})` : p}
          </option>
        ))}
      </Select>
      <Select
        id="journal-batch"
        label="Batch"
        value={view.batch}
        onChange={(batch) => onChange({ batch })}
      >
        <option value="">Any batch</option>
        {view.batch && !batches.some((b) => b.id === view.batch) ? (
          <option value={view.batch}>This batch</option>
        ) : null}
        {batches.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name} ({b.total}, {b.createdAt.slice(0, 10)})
          </option>
        ))}
      </Select>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="journal-from" className={labelClasses}>
          Submitted from
        </label>
        <input
          id="journal-from"
          type="date"
          value={view.from}
          max={view.to || undefined}
          onChange={(e) => onChange({ from: e.target.value })}
          className={inputClasses("h-9")}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="journal-to" className={labelClasses}>
          Submitted until
        </label>
        <input
          id="journal-to"
          type="date"
          value={view.to}
          min={view.from || undefined}
          onChange={(e) => onChange({ to: e.target.value })}
          className={inputClasses("h-9")}
        />
      </div>
      {hasFilters(view) ? (
        <Button
          variant="ghost"
          size="sm"
          className="w-fit"
          onClick={() =>
            onChange({
              status: "",
              outcome: "",
              user: "",
              profile: "",
              from: "",
              to: "",
              batch: "",
            })
          }
        >
          Clear the filters
        </Button>
      ) : null}
    </fieldset>
  );
}
