// The draft as the upload planner sees it: names, sizes and finished metadata entries.
import { toMetadataObject } from "@/lib/metadata/entry";
import type { MetadataObject } from "@scriptorium/contract/ingest/schemas";
import type { PlanInput } from "@/lib/upload/request-body";
import type { IngestDraft } from "./draft";

function finished(entries: IngestDraft["metadatas"]): MetadataObject[] {
  return entries.flatMap((entry) => {
    const object = toMetadataObject(entry);
    return object ? [object] : [];
  });
}

// The planner's input for `draft`. Incomplete metadata entries are left out here; the wizard
// refuses to submit them anyway (metadataEntryProblems), so the plan's sizes stay realistic.
export function planInputOf(draft: IngestDraft): PlanInput {
  return {
    profile: draft.profile,
    packageId: draft.packageId === "" ? undefined : draft.packageId,
    metadatas: finished(draft.metadatas),
    documents: draft.documents.map((d) =>
      d.kind === "file"
        ? {
            kind: "file",
            id: d.id,
            name: d.name,
            size: d.size,
            type: d.type,
            metadatas: finished(d.metadatas),
          }
        : { kind: "url", id: d.id, name: d.name, url: d.url, metadatas: finished(d.metadatas) },
    ),
  };
}
