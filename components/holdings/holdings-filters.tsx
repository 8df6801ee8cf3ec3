"use client";
// The holdings filters: search words, profile, format, state, dates and submitter. A plain GET
// form (it works before the page's script has loaded); with script, the address it leads to
// leaves out the empty choices, so equal views have equal, shareable addresses.
import type { ReactNode } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { inputClasses, labelClasses } from "@/components/metadata/input-classes";
import { Button, buttonClasses } from "@/components/ui/button";
import type { HoldingsQuery } from "@/lib/catalogue/holdings-query";
import {
  HOLDINGS_PARAMS,
  holdingsSearch,
  type HoldingsFacets,
} from "@/lib/catalogue/holdings-search";
import { CATALOGUE_STATES, STATE_LABEL } from "@/lib/catalogue/states";
import type { ProfileLabels } from "@/lib/preservation/profile-labels";

export interface HoldingsFiltersProps {
  query: HoldingsQuery;
  facets: HoldingsFacets;
  path: string;
  // Profile names by id; a profile without one keeps the name the catalogue holds.
  profiles?: ProfileLabels;
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      {children}
    </div>
  );
}

// One filter menu: "any" first, then the choices; its id is `holdings-<name>`.
function SelectFilter(props: {
  name: string;
  label: string;
  value: string | undefined;
  any: string;
  options: { value: string; label: string }[];
}) {
  const id = `holdings-${props.name}`;
  return (
    <Field id={id} label={props.label}>
      <select
        id={id}
        name={props.name}
        defaultValue={props.value ?? ""}
        className={inputClasses("h-9")}
      >
        <option value="">{props.any}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

function DateFilter(props: { name: string; label: string; value: string | undefined }) {
  const id = `holdings-${props.name}`;
  return (
    <Field id={id} label={props.label}>
      <input
        id={id}
        name={props.name}
        type="date"
        defaultValue={props.value ?? ""}
        className={inputClasses("h-9")}
      />
    </Field>
  );
}

export function HoldingsFilters({ query, facets, path, profiles = {} }: HoldingsFiltersProps) {
  const router = useRouter();
  // A value the address names keeps its place in the menu even when no row has it any more.
  const formats = [...new Set([...facets.formats, ...(query.format ? [query.format] : [])])];
  async function search(next: Record<string, string>) {
    // A new search starts on page 1 and keeps the chosen sort; a value the page cannot read goes
    // into the address as typed, and the page says what is wrong with it. The parser (zod) loads
    // on the first search, not with the page.
    const { HoldingsQuery } = await import("@/lib/catalogue/holdings-query");
    const parsed = HoldingsQuery.safeParse({ ...next, sort: query.sort, dir: query.dir });
    const found = parsed.success
      ? holdingsSearch(parsed.data)
      : new URLSearchParams(next).toString();
    router.push(found ? `${path}?${found}` : path, { scroll: false });
  }
  return (
    <form
      method="get"
      action={path}
      role="search"
      aria-label="Filter the holdings"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const next: Record<string, string> = {};
        for (const key of HOLDINGS_PARAMS) {
          const value = data.get(key);
          if (typeof value === "string" && value.trim() !== "") next[key] = value.trim();
        }
        void search(next);
      }}
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-64 flex-1 flex-col gap-1.5">
          <label htmlFor="holdings-q" className={labelClasses}>
            Search titles, descriptions, metadata and file names
          </label>
          <input
            id="holdings-q"
            name="q"
            type="search"
            defaultValue={query.q ?? ""}
            placeholder='e.g. board minutes 2024, "annual report", notulen -draft'
            className={inputClasses("h-10")}
          />
        </div>
        <Button type="submit">Search</Button>
      </div>
      <fieldset className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6 lg:items-end">
        <legend className="sr-only">Filters</legend>
        <SelectFilter
          name="profile"
          label="Profile"
          value={query.profile}
          any="Any profile"
          options={facets.profiles.map((p) => {
            const name = profiles[p.id]?.name ?? p.name;
            return { value: p.id, label: name === p.id ? name : `${name} (${p.id})` };
          })}
        />
        <SelectFilter
          name="format"
          label="Format"
          value={query.format}
          any="Any format"
          options={formats.map((f) => ({ value: f, label: f }))}
        />
        <SelectFilter
          name="state"
          label="State"
          value={query.state}
          any="Any state"
          options={CATALOGUE_STATES.map((s) => ({ value: s, label: STATE_LABEL[s] }))}
        />
        <DateFilter name="from" label="Preserved from" value={query.from} />
        <DateFilter name="to" label="Preserved until" value={query.to} />
        <SelectFilter
          name="submitter"
          label="Submitted by"
          value={query.submitter}
          any="Anyone"
          options={facets.submitters.map((s) => ({ value: s.id, label: s.name }))}
        />
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="secondary" size="sm">
          Apply filters
        </Button>
        <Link href={path} className={buttonClasses("ghost", "sm")}>
          Clear
        </Link>
      </div>
    </form>
  );
}
