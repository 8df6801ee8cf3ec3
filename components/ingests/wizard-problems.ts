// Everything that stops the ingest wizard from sending, each with the element to jump to. Pure:
// the metadata check (which needs a JSON Schema validator) is passed in.
import { packageIdMessage } from "@/components/ingest/package-id-message";
import { missingFiles, type IngestDraft } from "@/lib/drafts/draft";
import {
  schemasForProfile,
  type MetadataEntryDraft,
  type MetadataSchemaOption,
} from "@/lib/metadata/entry";
import type { UploadPlan } from "@/lib/upload/planner";

export interface WizardProblem {
  // The id of the element to move to (a field, or a section that takes focus).
  target: string;
  message: string;
}

export interface ProfileChoice {
  id: string;
  title: string;
  metadataSchemas?: string[];
}

export type EntryProblems = (
  entry: MetadataEntryDraft,
  schemas: readonly MetadataSchemaOption[],
) => string[];

export const WIZARD_IDS = {
  profile: "ingest-profile",
  packageId: "package-id",
  documents: "ingest-documents",
  packageEntry: (index: number) => `package-metadata-${index}`,
  documentEntry: (documentId: string, index: number) => `document-${documentId}-metadata-${index}`,
} as const;

// The schemas the chosen profile allows (none before a profile is chosen).
export function schemasOfProfile(
  profiles: readonly ProfileChoice[],
  profileId: string,
  schemas: readonly MetadataSchemaOption[],
): MetadataSchemaOption[] {
  const profile = profiles.find((p) => p.id === profileId);
  return profile ? schemasForProfile(schemas, profile.metadataSchemas) : [];
}

// The problems, in the order of the page.
export function wizardProblems(
  draft: IngestDraft,
  plan: UploadPlan,
  profiles: readonly ProfileChoice[],
  schemas: readonly MetadataSchemaOption[],
  entryProblems: EntryProblems,
): WizardProblem[] {
  const problems: WizardProblem[] = [];
  if (!profiles.some((p) => p.id === draft.profile)) {
    problems.push({
      target: WIZARD_IDS.profile,
      message: "Choose a profile: it decides how long the package is kept.",
    });
  }
  // The same sentence the field shows.
  const idProblem = packageIdMessage(draft.packageId);
  if (idProblem) problems.push({ target: WIZARD_IDS.packageId, message: idProblem });

  for (const doc of missingFiles(draft)) {
    problems.push({
      target: WIZARD_IDS.documents,
      message: `Choose ${doc.name} again: the browser could not keep its contents.`,
    });
  }
  for (const problem of plan.problems)
    problems.push({ target: WIZARD_IDS.documents, message: problem });
  const seen = new Set<string>();
  for (const doc of draft.documents) {
    if (seen.has(doc.name)) {
      problems.push({
        target: WIZARD_IDS.documents,
        message: `Two documents are named ${doc.name}: the archive needs distinct names, so remove one.`,
      });
    }
    seen.add(doc.name);
  }

  const allowed = schemasOfProfile(profiles, draft.profile, schemas);
  const check = (entry: MetadataEntryDraft, target: string, what: string) => {
    for (const problem of entryProblems(entry, allowed))
      problems.push({ target: `${target}-schema`, message: `${what}: ${problem}` });
  };
  draft.metadatas.forEach((entry, i) =>
    check(entry, WIZARD_IDS.packageEntry(i), `Package metadata ${i + 1}`),
  );
  for (const doc of draft.documents) {
    doc.metadatas.forEach((entry, i) =>
      check(entry, WIZARD_IDS.documentEntry(doc.id, i), `Metadata ${i + 1} of ${doc.name}`),
    );
  }
  return problems;
}
