// The preservation API's enumerations and the extensions' names as plain values, without zod:
// browser code imports them from here; ./schemas and ./extensions re-export them.

// XSD StatusType: which profiles RetrieveInfo lists.
export const PROFILE_STATUSES = ["active", "inactive", "all"] as const;
// XSD SubjectOfRetrievalType; ETSI's default when `sor` is absent is POwithEmbeddedEvidence.
export const SUBJECTS_OF_RETRIEVAL = [
  "PO",
  "Evidence",
  "POwithEmbeddedEvidence",
  "POwithDetachedEvidence",
] as const;
// XSD DeletionModeType.
export const DELETION_MODES = ["OnlySubDOs", "SubDOsAndEvidence"] as const;

// The embedded archive's extensions (./extensions).

// Trace operations (RetrieveTrace `op`) the extensions record, which the dashboard reads.
export const TRACE_OPERATIONS = {
  fixityCheck: "fixity check",
  evidenceRenewed: "evidence renewed",
} as const;

// The profile extension (ETSI md-ExtensionType in a ProfileType's `ext`: a name and a string) naming
// the ingest profile whose packages are preserved under the profile: the ingest API and the
// preservation API name their profiles apart, and a person meets both.
export const INGEST_PROFILE_EXTENSION = "urn:scriptorium:ingest-profile";

// RFC 4998 5.2 / RFC 6283 4.2: a new time-stamp in the last chain, or a new chain over the data.
export const RENEWAL_MODES = ["timestamp", "hashtree"] as const;
export type RenewalMode = (typeof RENEWAL_MODES)[number];
