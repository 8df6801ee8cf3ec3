"use client";
// The ingest wizard: profile and package ID, documents (dropped files or URLs), package and
// representation metadata, then one button that uploads and sends. The draft lives in IndexedDB,
// so a reload, a new sign-in or a failure keeps everything chosen and typed.
import { useCallback, useEffect, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { PackageIdField } from "@/components/ingest/package-id-field";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  addFiles,
  removeDocument,
  setDocumentMultipart,
  setDocumentUpload,
  type IngestDraft,
} from "@/lib/drafts/draft";
import { planInputOf } from "@/lib/drafts/plan-input";
import { useIngestDraft } from "@/lib/drafts/use-ingest-draft";
import type { MetadataEntryDraft, MetadataSchemaOption } from "@/lib/metadata/entry";
import { statusPagePath } from "@/lib/queries/ingest";
import { planUpload } from "@/lib/upload/planner";
import { DocumentMetadataSection } from "./document-metadata-section";
import { DocumentsSection } from "./documents-section";
import { MetadataEntries } from "./metadata-entries";
import { ProfileField, type ProfileOption } from "./profile-field";
import { SubmitPanel } from "./submit-panel";
import { useIngestSubmit } from "./use-ingest-submit";
import {
  schemasOfProfile,
  WIZARD_IDS,
  wizardProblems,
  type WizardProblem,
} from "./wizard-problems";

export interface IngestWizardProps {
  // The signed-in user: drafts are kept per user. Render with key={userId}.
  userId: string;
  profiles: readonly ProfileOption[];
  schemas: readonly MetadataSchemaOption[];
}

// crypto.randomUUID exists only on secure origins (https, localhost).
const newId = () =>
  globalThis.crypto?.randomUUID?.() ??
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

function Step({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <section
        id={id}
        tabIndex={-1}
        aria-labelledby={`${id}-title`}
        className="focus-visible:outline-none"
      >
        <CardHeader>
          <CardTitle id={`${id}-title`}>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </section>
    </Card>
  );
}

// The whole form; it navigates to the new SIP's status page once the archive accepts it.
export function IngestWizard({ userId, profiles, schemas }: IngestWizardProps) {
  const router = useRouter();
  const { draft, setDraft, persistence, clear } = useIngestDraft(userId);
  const { phase, rows, notice, submit, cancel, cancelAll } = useIngestSubmit({
    onUploaded: (id, upload) => setDraft((d) => setDocumentUpload(d, id, upload)),
    onMultipart: (id, multipart) => setDraft((d) => setDocumentMultipart(d, id, multipart)),
  });
  const [showErrors, setShowErrors] = useState(false);
  const [problems, setProblems] = useState<WizardProblem[] | null>(null);
  const plan = useMemo(() => planUpload(planInputOf(draft)), [draft]);
  const allowed = useMemo(
    () => schemasOfProfile(profiles, draft.profile, schemas),
    [profiles, draft.profile, schemas],
  );
  const busy =
    phase.kind === "uploading" ||
    phase.kind === "reading" ||
    phase.kind === "sending" ||
    phase.kind === "accepted";

  // The JSON Schema validator loads only when it is first needed.
  const findProblems = useCallback(
    async (current: IngestDraft) => {
      const { metadataEntryProblems } = await import("@/lib/metadata/validate");
      return wizardProblems(
        current,
        planUpload(planInputOf(current)),
        profiles,
        schemas,
        metadataEntryProblems,
      );
    },
    [profiles, schemas],
  );

  // Once shown, the list follows every edit, so a fixed problem disappears at once.
  useEffect(() => {
    if (!showErrors) return;
    let live = true;
    void findProblems(draft).then((found) => live && setProblems(found));
    return () => {
      live = false;
    };
  }, [showErrors, draft, findProblems]);

  async function send(event?: FormEvent) {
    event?.preventDefault();
    setShowErrors(true);
    const found = await findProblems(draft);
    setProblems(found);
    if (found.length > 0) {
      requestAnimationFrame(() =>
        document.getElementById("problems-heading")?.scrollIntoView({ block: "center" }),
      );
      return;
    }
    const sip = await submit(draft, plan);
    if (!sip) return;
    await clear();
    router.push(sip.name ? statusPagePath(sip.packageId, sip.name) : "/ingests");
  }

  const update = (change: (d: IngestDraft) => IngestDraft) => setDraft(change);
  const setDocumentMetadata = (id: string, metadatas: MetadataEntryDraft[]) =>
    update((d) => ({
      ...d,
      documents: d.documents.map((doc) => (doc.id === id ? { ...doc, metadatas } : doc)),
    }));

  return (
    <form
      onSubmit={(e) => void send(e)}
      noValidate
      aria-label="New package"
      className="flex flex-col gap-6"
    >
      <Step
        id="ingest-package"
        title="Package"
        description="Where the package is kept, and under which ID."
      >
        <div className="flex flex-col gap-6">
          <ProfileField
            id={WIZARD_IDS.profile}
            profiles={profiles}
            value={draft.profile}
            onChange={(profile) => update((d) => ({ ...d, profile }))}
            showErrors={showErrors}
            disabled={busy}
          />
          <PackageIdField
            id={WIZARD_IDS.packageId}
            value={draft.packageId}
            onChange={(packageId) => update((d) => ({ ...d, packageId }))}
            disabled={busy}
          />
        </div>
      </Step>
      <Step
        id={WIZARD_IDS.documents}
        title="Documents"
        description="One or more files; each becomes a representation of the package."
      >
        <DocumentsSection
          documents={draft.documents}
          plan={plan}
          onAddFiles={(files) => update((d) => addFiles(d, files, newId))}
          onAddUrl={({ name, url }) =>
            update((d) => ({
              ...d,
              documents: [...d.documents, { kind: "url", id: newId(), name, url, metadatas: [] }],
            }))
          }
          onRemove={(id) => update((d) => removeDocument(d, id))}
          disabled={busy}
        />
      </Step>
      <Step
        id="ingest-package-metadata"
        title="Package metadata"
        description="Describe the package as a whole: pick a schema and fill in its form, or attach a metadata file."
      >
        <MetadataEntries
          entries={draft.metadatas}
          onChange={(metadatas) => update((d) => ({ ...d, metadatas }))}
          schemas={allowed}
          idOf={WIZARD_IDS.packageEntry}
          label="Package metadata"
          addLabel="Add package metadata"
          showErrors={showErrors}
          disabled={busy}
        />
      </Step>
      <Step
        id="ingest-representation-metadata"
        title="Representation metadata"
        description="Optional: metadata that belongs to one document rather than the whole package."
      >
        <DocumentMetadataSection
          documents={draft.documents}
          schemas={allowed}
          onChange={setDocumentMetadata}
          showErrors={showErrors}
          disabled={busy}
        />
      </Step>
      <SubmitPanel
        problems={showErrors ? problems : null}
        phase={phase}
        rows={rows}
        notice={notice}
        persistence={persistence}
        onCancel={cancel}
        onCancelAll={cancelAll}
        onRetry={() => void send()}
        returnPath="/ingest"
      />
    </form>
  );
}
