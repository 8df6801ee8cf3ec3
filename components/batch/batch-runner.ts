// Wires the batch queue to the browser: each package goes through the wizard's own path (the
// upload planner, sendFile for large files (in parts where the archive offers it), sendPlan, PUT /api/ingest/document with the batch
// and package named so the server sends it at most once), the state is saved to IndexedDB, the
// SIP statuses come from one batch status endpoint (each read answers what changed since the one
// before), and going offline pauses the queue.
import { sendPlan } from "@/components/ingests/send-plan";
import type { BatchItemStatus } from "@/lib/batch/api-schemas";
import {
  createBatchQueue,
  type BatchQueue,
  type Failure,
  type GroupResult,
  type QueueItem,
} from "@/lib/batch/queue";
import { GROUP_BODY_BYTES, GROUP_MAX_PACKAGES } from "@/lib/batch/group-limits";
import { isFinished, isUnsent, statusReadDelay } from "@/lib/batch/queue-state";
import { withItems } from "@/lib/batch/status-items";
import { UPLOAD_REUSE_MARGIN_MS } from "@/lib/drafts/draft";
import { ApiError } from "@/lib/queries/api-client";
import { batchStatus, ingestBatchPackage, sendBatchPackages } from "@/lib/queries/batch";
import { requestUploadUrl } from "@/lib/queries/ingest";
import { blobToBase64 } from "@/lib/upload/base64";
import { planUpload } from "@/lib/upload/planner";
import { sendFile } from "@/lib/upload/send-file";
import { UploadError } from "@/lib/upload/uploader";
import { openSource } from "./batch-source";
import { saveBatchState, type StoredBatch, type StoredBatchData } from "./batch-storage";

// Small packages (every document inline, the request at most GROUP_PACKAGE_BYTES) go to the
// dashboard up to GROUP_MAX_PACKAGES at a time in one request of at most GROUP_FILL_BYTES, where
// each costs the browser and the dashboard a request of its own when sent alone. The dashboard
// sends a group's packages to the archive one after another, and lets three packages of a batch
// go there at once: a fourth group waits at the dashboard for its turn, so the archive always has
// three while a group's answer and the next request travel.
const GROUP_FILL_BYTES = GROUP_BODY_BYTES / 2;
const GROUP_PACKAGE_BYTES = GROUP_FILL_BYTES / 4;

export function classifyFailure(error: unknown): Failure {
  const message = error instanceof Error ? error.message : String(error);
  const api =
    error instanceof ApiError
      ? error
      : error instanceof UploadError && error.cause instanceof ApiError
        ? error.cause
        : null;
  if (api?.status === 401) return { message, retry: false, signedOut: true };
  if (api?.status === 0) {
    const offline = typeof navigator !== "undefined" && navigator.onLine === false;
    return { message, retry: true, offline };
  }
  if (api && api.code === "CONFLICT") return { message, retry: !/cancelled/.test(message) };
  if (api && (api.status >= 500 || api.status === 408 || api.status === 429)) {
    return { message, retry: true };
  }
  return { message, retry: false };
}

export interface BatchRunner {
  queue: BatchQueue;
  stop(): void;
}

export function startBatchRunner(
  userId: string,
  batch: StoredBatch,
  data: StoredBatchData,
): BatchRunner {
  const uploads = new Map(Object.entries(batch.uploads));
  const multipart = new Map(Object.entries(batch.multipart ?? {}));
  let latest = batch;
  const save = () =>
    saveBatchState(userId, latest).catch((error: unknown) =>
      console.error("the batch could not be saved", error),
    );

  // A package's plan, as its stored inputs give it.
  const planOf = (item: QueueItem) => {
    const input = data.inputs[item.key];
    if (!input) throw new Error(`${item.key} is no longer part of the stored batch.`);
    const plan = planUpload(input);
    if (!plan.ready) throw new Error(plan.problems.join(" "));
    return plan;
  };

  // A package's files; zip entries are opened (inflated) only now, for the packages under way.
  const filesOf = async (item: QueueItem, signal: AbortSignal) => {
    const files = new Map<string, File>();
    for (const id of item.files) {
      const source = data.files[id];
      if (source) files.set(id, await openSource(source, signal));
    }
    return files;
  };

  const send = async (
    item: QueueItem,
    signal: AbortSignal,
    onProgress: (loaded: number, total: number) => void,
  ) => {
    const plan = planOf(item);
    const total = plan.decisions.reduce(
      (n, d) => n + (d.method === "upload" ? (d.size ?? 0) : 0),
      0,
    );
    const files = await filesOf(item, signal);
    let done = 0;
    const answer = await sendPlan(plan, {
      fileOf: (id) => files.get(id) ?? null,
      upload: async (id, file) => {
        const kept = uploads.get(id);
        if (kept && Date.parse(kept.expiresAt) - Date.now() > UPLOAD_REUSE_MARGIN_MS)
          return kept.key;
        const result = await sendFile(file, {
          getUploadUrl: requestUploadUrl,
          resume: multipart.get(id) ?? null,
          onResume: (resume) => {
            if (resume) multipart.set(id, resume);
            else multipart.delete(id);
            latest = { ...latest, multipart: Object.fromEntries(multipart) };
            void save();
          },
          signal,
          onProgress: (event) => {
            if (event.phase === "uploading") onProgress(done + event.progress.loaded, total);
          },
        });
        done += file.size;
        if (result.expiresAt) {
          uploads.set(id, { key: result.key, sha256: result.sha256, expiresAt: result.expiresAt });
          latest = { ...latest, uploads: Object.fromEntries(uploads) };
          void save();
        }
        return result.key;
      },
      read: blobToBase64,
      submit: (body) => ingestBatchPackage(batch.id, item.key, body, signal),
      isTooLarge: (error) => error instanceof ApiError && error.code === "JSON_TOO_LARGE",
    });
    return {
      packageId: answer.packageId,
      submissionName: answer.name ?? null,
      status: answer.status ?? null,
    };
  };

  // The request body of a package whose documents all go inline.
  const bodyOf = async (item: QueueItem, signal: AbortSignal) => {
    const plan = planOf(item);
    const files = await filesOf(item, signal);
    return sendPlan(plan, {
      fileOf: (id) => files.get(id) ?? null,
      upload: () => Promise.reject(new Error("A package sent in a group uploads nothing.")),
      read: blobToBase64,
      submit: (body) => Promise.resolve(body),
      isTooLarge: () => false,
    });
  };

  const sendGroup = async (
    group: readonly QueueItem[],
    signal: AbortSignal,
  ): Promise<ReadonlyMap<string, GroupResult>> => {
    const results = new Map<string, GroupResult>();
    const packages = [];
    for (const item of group) {
      try {
        packages.push({ item: item.key, request: await bodyOf(item, signal) });
      } catch (error) {
        if (signal.aborted) throw error;
        results.set(item.key, { ok: false, error });
      }
    }
    if (packages.length === 0) return results;
    for (const outcome of await sendBatchPackages(batch.id, packages, signal)) {
      results.set(
        outcome.item,
        outcome.ok
          ? {
              ok: true,
              answer: {
                packageId: outcome.answer.packageId,
                submissionName: outcome.answer.name ?? null,
                status: outcome.answer.status ?? null,
              },
            }
          : {
              ok: false,
              error: new ApiError(outcome.status, outcome.error.code, outcome.error.message, {
                field: outcome.error.field,
              }),
            },
      );
    }
    return results;
  };

  // A package goes in a group on its first attempt when all of it goes inline and it is small; a
  // retry goes alone, where a request the archive finds too large moves its files to uploads.
  const shares = new Map<string, number | null>();
  const groupShare = (item: QueueItem): number | null => {
    if (item.state.kind === "queued" && item.state.attempt > 1) return null;
    if (!shares.has(item.key)) {
      const input = data.inputs[item.key];
      const plan = input ? planUpload(input) : null;
      const small =
        plan !== null &&
        plan.ready &&
        plan.decisions.every((d) => d.method === "inline") &&
        plan.bodyBytes <= GROUP_PACKAGE_BYTES;
      shares.set(item.key, small ? Math.max(plan.bodyBytes, 1) / GROUP_FILL_BYTES : null);
    }
    return shares.get(item.key) ?? null;
  };

  const queue = createBatchQueue(batch.queue, {
    send,
    sendGroup,
    groupShare,
    groupMax: GROUP_MAX_PACKAGES,
    groupsAhead: 1,
    classify: classifyFailure,
    save: (snapshot) => {
      latest = { ...latest, queue: snapshot };
      void save();
    },
  });

  // What the server said of each package: a read answers only what changed since the one before,
  // folded in here, and the queue is given all of it (a package it was still sending when it was
  // named is reconciled at a later read).
  let server: BatchItemStatus[] = [];
  let since: string | null = null;
  let polling = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let reading = false;
  // A read asked for while one was under way: the next starts as soon as that one ends.
  let again = false;
  const poll = async () => {
    timer = undefined;
    reading = true;
    const { items, mode } = queue.get();
    const open = items.some((i) => !isFinished(i.state));
    let changed = 0;
    if (open && mode.kind !== "paused") {
      try {
        const settling = !items.some((i) => isUnsent(i.state));
        const answer = await batchStatus(batch.id, since, { settling });
        server = withItems(server, answer.items);
        since = answer.cursor;
        changed = answer.items.length;
        queue.reconcile(server);
      } catch {
        // The next read tries again; a session that ended shows when the next package is sent.
      }
    }
    reading = false;
    const delay = again
      ? 0
      : statusReadDelay(
          queue.get().items.map((i) => i.state),
          changed,
        );
    again = false;
    if (polling) timer = setTimeout(poll, delay);
  };
  void poll();

  // The moment the last package is sent the page reads at once, as one that has sent everything,
  // instead of at the next read of the sending's pace (up to 2 s later).
  let allSent = false;
  const unsubscribe = queue.subscribe(() => {
    const sentAll = !queue.get().items.some((i) => isUnsent(i.state));
    if (sentAll && !allSent && polling) {
      if (reading) again = true;
      else {
        clearTimeout(timer);
        timer = setTimeout(poll, 0);
      }
    }
    allSent = sentAll;
  });

  const offline = () => queue.pause("offline");
  const online = () => {
    const { mode } = queue.get();
    if (mode.kind === "paused" && mode.reason === "offline") queue.resume();
  };
  window.addEventListener("offline", offline);
  window.addEventListener("online", online);

  return {
    queue,
    stop() {
      polling = false;
      clearTimeout(timer);
      unsubscribe();
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
      queue.dispose();
    },
  };
}
