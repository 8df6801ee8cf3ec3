// The size from which a file goes to the archive as a multipart upload (where the archive has the
// extension): files up to one largest part go in one PUT, as in parts they would gain no
// parallelism. A module of its own, without the uploader, for the wizard's first script.
import { MULTIPART_LIMITS } from "@scriptorium/contract/ingest/multipart-layout";

export const MULTIPART_FROM_BYTES = MULTIPART_LIMITS.maxPartBytes + 1;
