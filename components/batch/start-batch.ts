// Turns a clean plan into a stored batch: recorded on the server (so each package is sent at most
// once and the journal can filter by it), then kept in IndexedDB with its files.
import { packagePlanInput } from "@/lib/batch/package-input";
import type { BatchPlan } from "@/lib/batch/plan";
import { QUEUED } from "@/lib/batch/queue-state";
import { createBatch } from "@/lib/queries/batch";
import type { BatchSource } from "./batch-source";
import {
  BATCH_VERSION,
  startStoredBatch,
  type StoredBatch,
  type StoredBatchData,
} from "./batch-storage";

export async function startBatch(options: {
  userId: string;
  name: string;
  profile: string;
  schemaUri: string | null;
  plan: BatchPlan;
  files: ReadonlyMap<string, BatchSource>;
}): Promise<{ batch: StoredBatch; data: StoredBatchData }> {
  const { plan, profile, schemaUri } = options;
  const id = await createBatch({
    name: options.name,
    profile,
    items: plan.packages.map((p) => ({
      key: p.key,
      title: p.title,
      ...(p.packageId ? { packageId: p.packageId } : {}),
    })),
  });
  const data: StoredBatchData = {
    inputs: Object.fromEntries(
      plan.packages.map((p) => [p.key, packagePlanInput(p, profile, schemaUri)]),
    ),
    files: Object.fromEntries(
      plan.packages.flatMap((p) => p.files.map((f) => [f.path, options.files.get(f.path)!])),
    ),
  };
  const batch: StoredBatch = {
    version: BATCH_VERSION,
    id,
    name: options.name,
    profile,
    createdAt: Date.now(),
    uploads: {},
    queue: {
      mode: { kind: "running" },
      items: plan.packages.map((p) => ({
        key: p.key,
        title: p.title,
        files: p.files.map((f) => f.path),
        state: QUEUED,
      })),
    },
  };
  await startStoredBatch(options.userId, batch, data);
  return { batch, data };
}
