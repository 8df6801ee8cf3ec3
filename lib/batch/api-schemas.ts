// What the batch routes take and answer, shared by the routes, the batch page and the terminal
// command.
import type { IngestDocumentRequest, IngestResponse } from "@scriptorium/contract/ingest/schemas";
import { z } from "zod";

export const BATCH_MAX_ITEMS = 100_000;

export const CreateBatchRequest = z.strictObject({
  name: z.string().trim().min(1).max(300),
  profile: z.string().min(1).max(200),
  items: z
    .array(
      z.strictObject({
        key: z.string().min(0).max(2000),
        title: z.string().max(2000).nullable().optional(),
        packageId: z.string().max(255).optional(),
      }),
    )
    .min(1)
    .max(BATCH_MAX_ITEMS),
});
export type CreateBatchRequest = z.infer<typeof CreateBatchRequest>;

// POST /api/batches/taken-ids: which of these package ids the tenant already has.
export const TakenIdsRequest = z.strictObject({
  packageIds: z.array(z.string().min(1).max(255)).max(BATCH_MAX_ITEMS),
});
export type TakenIdsRequest = z.infer<typeof TakenIdsRequest>;

export const TakenIds = z.object({ taken: z.array(z.string()) });
export type TakenIds = z.infer<typeof TakenIds>;

export const CreatedBatch = z.object({ id: z.string() });
export type CreatedBatch = z.infer<typeof CreatedBatch>;

export interface BatchItemStatus {
  key: string;
  title: string | null;
  packageId: string | null;
  submissionName: string | null;
  // queued | sending | sent | failed | cancelled: how far the dashboard got with the package.
  state: string;
  // The archive's last known SIP status once sent (PENDING, PROCESSING, INGESTED, FAILED, ...).
  status: string | null;
  message: string | null;
}

export interface BatchStatus {
  id: string;
  name: string;
  profile: string;
  total: number;
  createdAt: string;
  cancelledAt: string | null;
  // The packages changed since the read whose cursor was sent as `since` (every package without).
  items: BatchItemStatus[];
  // What to send as `since` in the next read, to be answered only what changed after this one.
  cursor: string;
}

// The query of GET /api/batches/[batchId]: `since`, the cursor of an earlier read, and `settling`.
export const BatchStatusQuery = z.object({
  since: z
    .string()
    .regex(/^\d{1,18}$/, { message: "since must be the cursor of an earlier read of the batch" })
    .optional(),
  // "1" once the page has sent every package: the read asks about more of them at once.
  settling: z.literal("1", { message: 'settling is "1" or left out' }).optional(),
});
export type BatchStatusQuery = z.infer<typeof BatchStatusQuery>;

export interface BatchSummary {
  id: string;
  name: string;
  profile: string;
  total: number;
  createdAt: string;
}

// The query of an ingest sent as one package of a batch: PUT /api/ingest/document?batch=&item=.
export const BatchItemRef = z.object({
  batch: z.uuid({ message: "batch must be the id of a batch" }),
  item: z.string().max(2000),
});
export type BatchItemRef = z.infer<typeof BatchItemRef>;

// POST /api/batches/[batchId]/packages: several small packages of the batch in one request, each
// sent at most once, one after another (limits: group-limits.ts). The page groups packages whose
// documents go inline.

export interface GroupPackage {
  item: string;
  request: IngestDocumentRequest;
}

// One package's outcome in the answer, in the order sent, with the HTTP status it would have had
// alone: the archive's answer (201 when sent now, 200 when it had been sent before), or the error
// (the body's `error`).
export const GroupOutcome = z.discriminatedUnion("ok", [
  z.object({
    item: z.string(),
    ok: z.literal(true),
    status: z.number().int(),
    answer: z.looseObject({
      packageId: z.string(),
      name: z.string().optional(),
      status: z.string().optional(),
    }),
  }),
  z.looseObject({
    item: z.string(),
    ok: z.literal(false),
    status: z.number().int(),
    error: z.looseObject({
      code: z.string(),
      message: z.string(),
      field: z.string().optional(),
    }),
  }),
]);
export type GroupOutcome =
  | { item: string; ok: true; status: number; answer: IngestResponse }
  | {
      item: string;
      ok: false;
      status: number;
      error: { code: string; message: string; field?: string };
    };

// A group may end early (the page went away): the packages left out were not sent.
export const GroupAnswer = z.object({ outcomes: z.array(GroupOutcome) });
export type GroupAnswer = { outcomes: GroupOutcome[] };
