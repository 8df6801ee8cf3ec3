"use client";
// The enrichers' extra package information in readable form. The shapes are not published, so
// each part is read leniently and whatever does not fit is shown as JSON rather than dropped.
import type { ReactNode } from "react";
import * as v from "valibot";
import type { IngestResponse } from "@scriptorium/contract/ingest/schemas";
import { permissionText, shortDigest } from "@/lib/ingest/watch/readable";
import type { MetadataSchemaOption } from "@/lib/metadata/entry";
import { formatBytes } from "@/lib/upload/format";
import { MetadataRecords, metadataRecordsOf } from "./metadata-records";
import { FlatPart, Raw } from "./readable-rows";

const Representations = v.array(
  v.looseObject({
    name: v.string(),
    mimeType: v.nullish(v.string()),
    puid: v.nullish(v.string()),
    formatName: v.nullish(v.string()),
    size: v.nullish(v.number()),
    sha256: v.nullish(v.string()),
    metadatas: v.nullish(v.array(v.unknown())),
  }),
);
const Crumbs = v.array(
  v.looseObject({ type: v.string(), id: v.string(), name: v.nullish(v.string()) }),
);

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h3 className="text-ink text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function MetadataPart({
  value,
  schemas,
}: {
  value: unknown;
  schemas: readonly MetadataSchemaOption[];
}) {
  const records = metadataRecordsOf(value);
  if (!records) return <Raw value={value} />;
  return <MetadataRecords records={records} schemas={schemas} />;
}

function RepresentationsPart({ value }: { value: unknown }) {
  const parsed = v.safeParse(Representations, value);
  if (!parsed.success) return <Raw value={value} />;
  if (parsed.output.length === 0)
    return (
      <p className="text-ink-muted text-sm">
        No representations yet: they are listed once the SIP is ingested.
      </p>
    );
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Representations of this version</caption>
        <thead className="text-ink-muted">
          <tr className="border-line border-b">
            {["Name", "Format", "Size", "SHA-256", "Metadata"].map((h) => (
              <th key={h} scope="col" className="py-2 pr-4 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {parsed.output.map((r, i) => (
            <tr key={`${r.name}-${i}`} className="border-line border-b last:border-0">
              <th scope="row" className="text-ink py-2 pr-4 font-medium break-all">
                {r.name}
              </th>
              <td className="py-2 pr-4">
                {r.formatName ?? r.mimeType ?? "unknown"}
                {r.puid ? <span className="text-ink-muted"> ({r.puid})</span> : null}
              </td>
              <td className="py-2 pr-4 whitespace-nowrap">
                {typeof r.size === "number" ? formatBytes(r.size) : "—"}
              </td>
              <td className="py-2 pr-4 font-mono text-xs" title={r.sha256 ?? undefined}>
                {r.sha256 ? shortDigest(r.sha256) : "—"}
              </td>
              <td className="py-2 pr-4">
                {r.metadatas?.length ? `${r.metadatas.length} record(s)` : "none"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PackageDetails({
  details,
  schemas,
}: {
  details: IngestResponse;
  schemas: readonly MetadataSchemaOption[];
}) {
  const crumbs = v.safeParse(Crumbs, details.breadcrumbs);
  return (
    <div className="flex flex-col gap-6">
      {details.metadata !== undefined ? (
        <Part title="Metadata">
          <MetadataPart value={details.metadata} schemas={schemas} />
        </Part>
      ) : null}
      {details.representations !== undefined ? (
        <Part title="Representations">
          <RepresentationsPart value={details.representations} />
        </Part>
      ) : null}
      {details.permissions !== undefined ? (
        <Part title="Your permissions">
          <ul className="text-ink flex list-disc flex-col gap-0.5 pl-5 text-sm">
            {details.permissions.map((p) => (
              <li key={p}>{permissionText(p)}</li>
            ))}
          </ul>
        </Part>
      ) : null}
      {details.breadcrumbs !== undefined ? (
        <Part title="Breadcrumbs">
          {crumbs.success ? (
            <ol
              aria-label="Where the package sits"
              className="text-ink flex flex-wrap items-center gap-1 text-sm"
            >
              {crumbs.output.map((c, i) => (
                <li key={`${c.type}-${c.id}`} className="flex items-center gap-1">
                  {i > 0 ? (
                    <span aria-hidden="true" className="text-ink-muted">
                      ›
                    </span>
                  ) : null}
                  <span className="text-ink-muted text-xs uppercase">{c.type}</span>{" "}
                  {c.name ?? c.id}
                </li>
              ))}
            </ol>
          ) : (
            <Raw value={details.breadcrumbs} />
          )}
        </Part>
      ) : null}
      {details.searchcolumns !== undefined ? (
        <Part title="Summary">
          <FlatPart value={details.searchcolumns} />
        </Part>
      ) : null}
      {details.userPackage !== undefined ? (
        <Part title="Submitter">
          <FlatPart value={details.userPackage} />
        </Part>
      ) : null}
    </div>
  );
}
