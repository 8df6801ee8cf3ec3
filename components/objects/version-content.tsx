"use client";
// One version's data objects: each with its facts, a preview, a download, its evidence record in
// the chosen format and, where the archive offers it, "Validate evidence".
import { useState } from "react";
import { inputClasses, labelClasses } from "@/components/metadata/input-classes";
import { KindBadge } from "./kind-badge";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { evidenceFormatName } from "@/lib/preservation/profile-text";
import type { EvidenceFormat, StoredPO } from "@scriptorium/contract/preservation/schemas";
import { formatBytes } from "@/lib/upload/format";
import { contentOf, decodedSize } from "./object-view";
import { PoPreview } from "./po-preview";
import { ValidateEvidenceButton } from "./validate-evidence";

export interface VersionContentProps {
  poId: string;
  // The version shown; undefined for "the latest" when the archive names no versions.
  version?: string;
  pos: readonly StoredPO[];
  // The evidence formats of the object's profile, the default first.
  formats: readonly EvidenceFormat[];
  canValidate: boolean;
}

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  return search.toString();
}

// The evidence format picker and a card per data object.
export function VersionContent({ poId, version, pos, formats, canValidate }: VersionContentProps) {
  // The profile's formats may arrive after the content: until someone chooses, follow its default.
  // "" leaves the choice to the archive (its default format), e.g. while the profile is unknown.
  const [chosen, setChosen] = useState<string | null>(null);
  const format = chosen ?? formats[0]?.fid ?? "";
  const base = `/api/objects/${encodeURIComponent(poId)}`;
  return (
    <div className="flex flex-col gap-4">
      {formats.length > 0 ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor="evidence-format" className={labelClasses}>
            Evidence format
          </label>
          <select
            id="evidence-format"
            className={inputClasses("h-10 max-w-md")}
            value={format}
            onChange={(event) => setChosen(event.target.value)}
          >
            {formats.map((f) => (
              <option key={f.fid} value={f.fid}>
                {evidenceFormatName(f.fid)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {pos.map((po, index) => {
        const id = po.id ?? `object-${index + 1}`;
        const contentUrl = `${base}/content?${query({ id, version })}`;
        const evidenceUrl = `${base}/evidence?${query({ id, version, format })}`;
        const encoded = contentOf(po);
        return (
          <Card key={id}>
            <CardHeader>
              <CardTitle as="h3" className="break-all">
                {id}
              </CardTitle>
              <p className="text-ink-muted flex flex-wrap items-center gap-2 text-sm">
                <span>{po.mimeType ?? "Media type not stated"}</span>
                {encoded !== undefined ? <span>· {formatBytes(decodedSize(encoded))}</span> : null}
                <KindBadge mimeType={po.mimeType} xml={Boolean(po.xmlData)} />
                {po.formatId ? (
                  <span className="font-mono text-xs break-all">{po.formatId}</span>
                ) : null}
              </p>
              {po.relObj?.length ? (
                <p className="text-ink-muted text-sm">Relates to {po.relObj.join(", ")}</p>
              ) : null}
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <PoPreview po={po} contentUrl={contentUrl} />
              <div className="flex flex-wrap gap-2">
                <a href={contentUrl} download={id} className={buttonClasses("secondary", "sm")}>
                  Download {id}
                </a>
                <a href={evidenceUrl} download className={buttonClasses("secondary", "sm")}>
                  Download evidence for {id}
                </a>
              </div>
              {canValidate ? (
                <ValidateEvidenceButton
                  poId={poId}
                  {...(version ? { version } : {})}
                  po={po}
                  format={format}
                  dataObjects={pos.length}
                />
              ) : null}
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}
