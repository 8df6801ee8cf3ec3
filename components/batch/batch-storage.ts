// The batch under way, kept in IndexedDB (the store the wizard's draft uses) so a reload, a new
// sign-in or a dropped connection loses nothing: what is sent where (small, saved often) apart
// from the files and the packages' requests (large, saved once when the batch starts).
import type { DraftUpload } from "@/lib/drafts/draft";
import { idbDelete, idbGet, idbPut } from "@/lib/drafts/idb";
import type { QueueSnapshot } from "@/lib/batch/queue";
import type { MultipartResume } from "@/lib/upload/multipart-upload";
import type { PlanInput } from "@/lib/upload/request-body";
import type { BatchSource } from "./batch-source";

export const BATCH_VERSION = 1;

export interface StoredBatch {
  version: number;
  id: string;
  name: string;
  profile: string;
  createdAt: number;
  queue: QueueSnapshot;
  uploads: Record<string, DraftUpload>;
  // Unfinished multipart uploads by file path: the parts the archive stored are not sent again.
  multipart?: Record<string, MultipartResume>;
}

// Written once: the request of every package by its key, and every file by its path (a zip's
// entries as the zip and their places in it: the zip is stored once however many entries name it).
export interface StoredBatchData {
  inputs: Record<string, PlanInput>;
  files: Record<string, BatchSource>;
}

const stateKey = (userId: string) => `batch:${userId}`;
const dataKey = (batchId: string) => `batch-data:${batchId}`;

export async function loadBatch(
  userId: string,
): Promise<{ batch: StoredBatch; data: StoredBatchData } | null> {
  const batch = (await idbGet(stateKey(userId))) as StoredBatch | undefined;
  if (!batch || batch.version !== BATCH_VERSION) return null;
  const data = (await idbGet(dataKey(batch.id))) as StoredBatchData | undefined;
  return data ? { batch, data } : null;
}

// The data first: a state naming a batch whose files are missing would be of no use.
export async function startStoredBatch(
  userId: string,
  batch: StoredBatch,
  data: StoredBatchData,
): Promise<void> {
  await idbPut(dataKey(batch.id), data);
  await idbPut(stateKey(userId), batch);
}

export function saveBatchState(userId: string, batch: StoredBatch): Promise<void> {
  return idbPut(stateKey(userId), batch);
}

export async function forgetBatch(userId: string, batchId: string): Promise<void> {
  await idbDelete(stateKey(userId));
  await idbDelete(dataKey(batchId));
}
