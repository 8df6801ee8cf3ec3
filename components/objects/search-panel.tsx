"use client";
// Search (the operation ETSI leaves unnamed): a filter expression, examples of its syntax that
// fill the box, and the matching objects as links. The filter lives in the address (?fi=).
import { useState } from "react";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { inputClasses, labelClasses } from "@/components/metadata/input-classes";
import { ResultNotice } from "@/components/results/result-notice";
import { Button } from "@/components/ui/button";
import { ObjectStateBadge } from "@/components/holdings/state-badge";
import { objectLabelsOptions } from "@/lib/queries/catalogue";
import { searchOptions } from "@/lib/queries/preservation";

// The embedded archive's filter language (archive/src/preservation/search-filter.ts), by example.
export const FILTER_EXAMPLES: { fi: string; meaning: string }[] = [
  { fi: "*", meaning: "every object you may see" },
  {
    fi: "invoice",
    meaning: "objects whose ID, a file name or any metadata value contains “invoice”",
  },
  { fi: '"annual report"', meaning: "a phrase, spaces included" },
  {
    fi: "dc:title=report",
    meaning: "the Dublin Core title contains “report” (dc, rm and premis name the schemas)",
  },
  { fi: "title=report", meaning: "a field called title, in any schema" },
  {
    fi: "name=.pdf mimeType=pdf",
    meaning: "several terms: every one must match (here: PDF files)",
  },
  {
    fi: "profile=records-10y",
    meaning: "objects preserved under a profile whose ID contains “records-10y”",
  },
];

export interface SearchPanelProps {
  initialFilter: string;
}

// The filter form, the examples and the results.
export function SearchPanel({ initialFilter }: SearchPanelProps) {
  const router = useRouter();
  const pathname = usePathname();
  const [draft, setDraft] = useState(initialFilter);
  const [filter, setFilter] = useState(initialFilter);
  const results = useQuery(searchOptions(filter));

  function run(fi: string) {
    const value = fi.trim();
    setDraft(value);
    setFilter(value);
    router.replace(value ? `${pathname}?fi=${encodeURIComponent(value)}` : pathname, {
      scroll: false,
    });
  }

  const ids = results.data?.poId ?? [];
  // Titles from the holdings catalogue: the archive's Search answers ids only.
  const labels = useQuery(objectLabelsOptions(ids)).data;
  return (
    <div className="flex flex-col gap-6">
      <form
        role="search"
        aria-label="Search objects"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          run(draft);
        }}
      >
        <div className="flex min-w-64 flex-1 flex-col gap-1.5">
          <label htmlFor="search-filter" className={labelClasses}>
            Filter
          </label>
          <input
            id="search-filter"
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder='e.g. dc:title=report or "annual report"'
            className={inputClasses("h-10 font-mono")}
          />
        </div>
        <Button type="submit">Search</Button>
      </form>

      <details className="text-sm">
        <summary className="text-ink cursor-pointer font-medium">How to write a filter</summary>
        <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
          {FILTER_EXAMPLES.map((example) => (
            <div key={example.fi} className="contents">
              <dt>
                <button
                  type="button"
                  onClick={() => run(example.fi)}
                  className="bg-surface-muted text-ink hover:bg-accent-soft rounded px-2 py-0.5 font-mono text-xs"
                  aria-label={`Search with ${example.fi}`}
                >
                  {example.fi}
                </button>
              </dt>
              <dd className="text-ink-muted">{example.meaning}</dd>
            </div>
          ))}
        </dl>
        <p className="text-ink-muted mt-3">
          Matching ignores case and finds the value anywhere in the text. Deleted objects are never
          found.
        </p>
      </details>

      <section aria-label="Search results" aria-live="polite" className="flex flex-col gap-3">
        {filter === "" ? null : results.isPending ? (
          <p role="status" className="text-ink-muted text-sm">
            Searching…
          </p>
        ) : results.isError ? (
          <ResultNotice error={results.error} />
        ) : ids.length === 0 ? (
          <p className="text-ink text-sm">No object matches {filter}.</p>
        ) : (
          <>
            <p className="text-ink text-sm">
              {ids.length === 1 ? "1 object matches." : `${ids.length} objects match.`}
            </p>
            <ul className="border-line divide-line divide-y rounded-xl border">
              {ids.map((id) => {
                const label = labels?.get(id);
                return (
                  <li key={id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
                    <Link
                      href={`/objects/${encodeURIComponent(id)}`}
                      className="text-accent flex min-w-0 flex-col text-sm hover:underline"
                    >
                      {label?.title ? (
                        <span className="font-medium break-words">{label.title}</span>
                      ) : null}
                      <span
                        className={
                          label?.title
                            ? "text-ink-muted font-mono text-xs break-all"
                            : "font-mono break-all"
                        }
                      >
                        {id}
                      </span>
                    </Link>
                    {label ? <ObjectStateBadge state={label.state} /> : null}
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
