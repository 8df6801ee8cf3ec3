"use client";
// "More about the package": the reader picks which enrichers to ask for (metadata,
// representations, permissions, breadcrumbs, ...); the choice stays in the URL.
import { useEffect, useState } from "react";
import { usePathname, useSearchParams } from "next/navigation";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  parseEnrichers,
  type EnricherName as Enricher,
} from "@scriptorium/contract/ingest/enricher-names";
import { DETAIL_ENRICHERS } from "@/lib/ingest/watch/readable";
import type { MetadataSchemaOption } from "@/lib/metadata/entry";
import { sipDetailsOptions } from "@/lib/queries/ingest";
import { PackageDetails } from "./package-details";

const OFFERED = new Set<string>(DETAIL_ENRICHERS.map((d) => d.enricher));
const DEFAULT_SHOWN: Enricher[] = ["metadata", "representations"];

export interface EnrichersPanelProps {
  packageId: string;
  submissionName: string;
  // The SIP's status: details are asked for again when it changes (representations appear at the end).
  status: string | null;
  schemas: readonly MetadataSchemaOption[];
}

// Checkboxes, then the chosen parts.
export function EnrichersPanel({
  packageId,
  submissionName,
  status,
  schemas,
}: EnrichersPanelProps) {
  const pathname = usePathname();
  const params = useSearchParams();
  const queryClient = useQueryClient();
  // Read from the URL once; afterwards the checkboxes answer at once and the URL follows them.
  const [chosen, setChosen] = useState<Enricher[]>(() => {
    const given = params.get("show");
    return given === null ? DEFAULT_SHOWN : parseEnrichers(given).filter((e) => OFFERED.has(e));
  });
  const options = sipDetailsOptions(packageId, submissionName, chosen);
  const details = useQuery({ ...options, enabled: chosen.length > 0 });

  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: options.queryKey });
    // Only a status change should ask again, not a new render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status]);

  // The native history API keeps the choice in the URL without asking the server again.
  function toggle(enricher: Enricher, on: boolean) {
    const next = DETAIL_ENRICHERS.map((d) => d.enricher).filter((e) =>
      e === enricher ? on : chosen.includes(e),
    );
    setChosen(next);
    const query = new URLSearchParams(window.location.search);
    query.set("show", next.join(","));
    window.history.replaceState(null, "", `${pathname}?${query.toString()}`);
  }

  return (
    <div className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-2">
        <legend className="text-ink mb-1 text-sm font-medium">Show</legend>
        <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {DETAIL_ENRICHERS.map(({ enricher, label, help }) => (
            <label
              key={enricher}
              className="border-line hover:bg-surface-muted flex cursor-pointer items-start gap-2 rounded-lg border px-3 py-2"
            >
              <input
                type="checkbox"
                className="mt-1"
                checked={chosen.includes(enricher)}
                onChange={(e) => toggle(enricher, e.target.checked)}
              />
              <span className="flex flex-col">
                <span className="text-ink text-sm font-medium">{label}</span>
                <span className="text-ink-muted text-xs">{help}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div aria-live="polite" aria-busy={details.isFetching}>
        {chosen.length === 0 ? (
          <p className="text-ink-muted text-sm">Choose what to show.</p>
        ) : details.isPending ? (
          <p className="text-ink-muted text-sm">Asking the archive…</p>
        ) : details.isError ? (
          <p role="alert" className="text-danger text-sm font-medium">
            The details could not be read: {details.error.message}
          </p>
        ) : (
          <PackageDetails details={details.data} schemas={schemas} />
        )}
      </div>
    </div>
  );
}
