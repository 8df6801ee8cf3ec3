// The demo's building blocks: who acts, what they send, and what the archive should make of it.

// The demo users the steps act for (archive/config/identities.json): their scripts' client ids and the
// dashboard user ids (the identity provider's `sub`) the journal attributes the work to.
export type Actor = "archivist" | "admin";

export const DC = "http://purl.org/dc/elements/1.1/";
export const RM = "urn:scriptorium:schema:records-management:1.0";
export const PREMIS = "urn:scriptorium:schema:premis-lite:1.0";

export type MetadataSpec =
  | { schema: string; metadata: Record<string, unknown> }
  // `upload`: sent through an upload URL (S3 content), so the archive checks it in its pipeline.
  | { schema: string; file: { name: string; bytes: Uint8Array }; upload?: boolean };

export interface DocumentSpec {
  name: string;
  bytes: Uint8Array;
  metadatas?: MetadataSpec[];
}

// What the archive should answer in the end: a final status and, if any, the worst plugin outcome.
export interface Expectation {
  status: "INGESTED" | "FAILED";
  outcome?: "WARNING" | "FAILURE";
}

interface SipStep {
  packageId: string;
  // The submission this step makes; the archive numbers them sip-1, sip-2, ... per package.
  submission: string;
  actor: Actor;
  tenant: string;
  expect: Expectation;
  // One line for the report.
  about: string;
}

export type DemoSip =
  // PUT /document: a new package, or a delta SIP of an existing one.
  | (SipStep & {
      kind: "document";
      profile: string;
      documents: DocumentSpec[];
      metadatas: MetadataSpec[];
    })
  // POST /document/{packageId}: new package metadata; `profile` is the package's, for the journal.
  | (SipStep & { kind: "update"; profile: string; metadatas: MetadataSpec[] })
  // PUT /sip: a zipped BagIt bag; `damage` flips bytes of a payload file after the manifest was made.
  | (SipStep & {
      kind: "bag";
      profile: string;
      files: { path: string; bytes: Uint8Array }[];
      metadatas: MetadataSpec[];
      damage?: string;
    });

// PreservePO: one object of data and metadata POs; `marker` is the first PO's id, found by Search.
export interface DemoPreservation {
  marker: string;
  actor: Actor;
  tenant: string;
  profile: string;
  pos: { id: string; bytes: Uint8Array; mimeType?: string; formatId?: string; relObj?: string[] }[];
  about: string;
}

// DeletePO through the dashboard's deletion requests, so the admin pages show it.
export interface DemoDeletion {
  poId: string;
  tenant: string;
  reason: string;
  mode: "OnlySubDOs" | "SubDOsAndEvidence";
}

// A journal review with a note, as an admin does it on /ingests.
export interface DemoReview {
  packageId: string;
  submission: string;
  tenant: string;
  note: string;
}
