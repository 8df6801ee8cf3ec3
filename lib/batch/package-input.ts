// A planned package as the wizard's upload planner takes it (lib/upload/planner.ts): the batch
// sends each package through the same planner, uploader and routes as a single ingest.
import type { MetadataObject } from "@scriptorium/contract/ingest/schemas";
import type { PlanInput } from "@/lib/upload/request-body";
import type { PlannedPackage } from "./plan";

function metadatasOf(
  schemaUri: string | null,
  metadata: Record<string, unknown> | null | undefined,
): MetadataObject[] {
  if (!schemaUri || !metadata || Object.keys(metadata).length === 0) return [];
  return [{ schema: schemaUri, metadata }];
}

// The name a file gets in the archive: its path inside the package's folder.
export function documentName(pkg: Pick<PlannedPackage, "key">, path: string): string {
  if (pkg.key === path) return path.slice(path.lastIndexOf("/") + 1);
  return pkg.key !== "" && path.startsWith(`${pkg.key}/`) ? path.slice(pkg.key.length + 1) : path;
}

// The planner's input for one package; document ids are the files' paths.
export function packagePlanInput(
  pkg: PlannedPackage,
  profile: string,
  schemaUri: string | null,
): PlanInput {
  return {
    profile,
    packageId: pkg.packageId,
    metadatas: metadatasOf(schemaUri, pkg.metadata),
    documents: pkg.files.map((file) => ({
      kind: "file",
      id: file.path,
      name: documentName(pkg, file.path).split("/").join("_"),
      size: file.size,
      type: file.type,
      metadatas: metadatasOf(schemaUri, pkg.documentMetadata[file.path]),
    })),
  };
}
