"use client";
// The wizard's submit state around sendPlan: one progress row per file uploaded straight to the
// archive (with cancel), finished uploads remembered (here and, through `onUploaded`, in the draft)
// so a retry, a reload or a new sign-in does not send them twice, and the failure in words, the
// draft left as it was.
import { useCallback, useRef, useState } from "react";
import {
  reusableUpload,
  setDocumentUpload,
  type DraftFileDocument,
  type DraftUpload,
  type IngestDraft,
} from "@/lib/drafts/draft";
import { ApiError } from "@/lib/queries/api-client";
import { requestUploadUrl, submitIngest, type AcceptedSip } from "@/lib/queries/ingest";
import { blobToBase64 } from "@/lib/upload/base64";
import type { UploadPlan } from "@/lib/upload/planner";
import type { UploadRowState } from "@/lib/upload/progress-text";
import type { MultipartResume } from "@/lib/upload/multipart-upload";
import { UploadError } from "@/lib/upload/upload-error";
import type { UploadEvent } from "@/lib/upload/uploader";
import { sendPlan } from "./send-plan";

export type SubmitPhase =
  | { kind: "idle" }
  | { kind: "uploading" }
  | { kind: "reading" }
  | { kind: "sending"; retriedAsUpload: boolean }
  | { kind: "failed"; message: string; code: string | null; signedOut: boolean }
  | { kind: "accepted"; sip: AcceptedSip };

export interface UploadRow {
  id: string;
  name: string;
  state: UploadRowState;
}

// The upload rows, outside React state: progress changes several times a second, and only the
// rows should re-render then, not the whole wizard with its metadata forms.
export interface UploadRowStore {
  get(): readonly UploadRow[];
  subscribe(listener: () => void): () => void;
}

function createUploadRowStore() {
  let rows: readonly UploadRow[] = [];
  const listeners = new Set<() => void>();
  return {
    get: () => rows,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    update(change: (current: readonly UploadRow[]) => readonly UploadRow[]) {
      rows = change(rows);
      listeners.forEach((listener) => listener());
    },
  };
}

// For a panel that never uploads. The same array each time: useSyncExternalStore takes a new
// snapshot for a change and would render without end.
const NONE: readonly UploadRow[] = [];
export const NO_UPLOAD_ROWS: UploadRowStore = { get: () => NONE, subscribe: () => () => {} };

interface FinishedUpload {
  file: File;
  key: string;
  sha256: string;
}

// Browsers report upload progress every few milliseconds; re-rendering the wizard that often takes
// the CPU the upload itself needs. Byte counts are shown at most this often; phase changes at once.
const PROGRESS_EVERY_MS = 250;

function throttledProgress(show: (event: UploadEvent) => void) {
  let last = 0;
  let pending: UploadEvent | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (pending) show(pending);
    pending = null;
    last = Date.now();
  };
  return {
    push(event: UploadEvent) {
      const counting = event.phase === "uploading" || event.phase === "hashing";
      pending = event;
      if (!counting || Date.now() - last >= PROGRESS_EVERY_MS) {
        clearTimeout(timer);
        flush();
      } else {
        timer ??= setTimeout(flush, PROGRESS_EVERY_MS - (Date.now() - last));
      }
    },
    cancel() {
      clearTimeout(timer);
      pending = null;
    },
  };
}

const TOO_LARGE_NOTICE =
  "The archive refused the request as too large, so every file is now uploaded straight to the archive first.";

// Whether `error` is the archive refusing one of `keys` (e.g. expired, or unknown after a restore).
function refusesKey(error: unknown, keys: string[]): boolean {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401 &&
    keys.some((key) => error.message.includes(key))
  );
}

export interface IngestSubmitOptions {
  // A file's upload finished (or, with null, its kept upload turned out unusable): keep it in the draft.
  onUploaded?: (documentId: string, upload: DraftUpload | null) => void;
  // A file's multipart upload changed (a part stored), or ended (null): keep it in the draft.
  onMultipart?: (documentId: string, multipart: MultipartResume | null) => void;
}

// The submit state of the wizard and the function that sends a draft along its plan.
export function useIngestSubmit({ onUploaded, onMultipart }: IngestSubmitOptions = {}) {
  const [phase, setPhase] = useState<SubmitPhase>({ kind: "idle" });
  const [rowStore] = useState(createUploadRowStore);
  const setRows = rowStore.update;
  const [notice, setNotice] = useState<string | null>(null);
  // Uploads that finished keep their key: trying again after a failure does not send them twice.
  const finished = useRef(new Map<string, FinishedUpload>());
  const controllers = useRef(new Map<string, AbortController>());
  const running = useRef(false);
  // Documents whose upload was named from the draft in the submission under way: id → key.
  const reused = useRef(new Map<string, string>());
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;
  const multipartChanged = useRef(onMultipart);
  multipartChanged.current = onMultipart;

  const setRow = useCallback(
    (id: string, name: string, state: UploadRowState) => {
      setRows((current) => {
        const others = current.filter((r) => r.id !== id);
        const index = current.findIndex((r) => r.id === id);
        const row = { id, name, state };
        if (index === -1) return [...others, row];
        return [...current.slice(0, index), row, ...current.slice(index + 1)];
      });
    },
    [setRows],
  );

  const upload = useCallback(
    async (doc: DraftFileDocument, file: File): Promise<string> => {
      const done = finished.current.get(doc.id);
      if (done && done.file === file) {
        setRow(doc.id, doc.name, { phase: "done", key: done.key, sha256: done.sha256 });
        return done.key;
      }
      const kept = reusableUpload(doc);
      if (kept) {
        reused.current.set(doc.id, kept.key);
        setRow(doc.id, doc.name, { phase: "done", key: kept.key, sha256: kept.sha256 });
        return kept.key;
      }
      const controller = new AbortController();
      controllers.current.set(doc.id, controller);
      setRow(doc.id, doc.name, { phase: "queued" });
      const progress = throttledProgress((event) => setRow(doc.id, doc.name, event));
      try {
        // The uploader (hashing, multipart, retries) loads with the first upload, not the wizard.
        const { sendFile } = await import("@/lib/upload/send-file");
        const result = await sendFile(file, {
          getUploadUrl: requestUploadUrl,
          resume: doc.multipart,
          onResume: (resume) => multipartChanged.current?.(doc.id, resume),
          signal: controller.signal,
          sha256: done?.file === file ? done.sha256 : undefined,
          onProgress: progress.push,
        });
        finished.current.set(doc.id, { file, ...result });
        if (result.expiresAt) {
          uploaded.current?.(doc.id, {
            key: result.key,
            sha256: result.sha256,
            expiresAt: result.expiresAt,
          });
        }
        return result.key;
      } catch (error) {
        const state: UploadRowState =
          error instanceof UploadError && error.kind === "cancelled"
            ? { phase: "cancelled" }
            : { phase: "failed", message: error instanceof Error ? error.message : String(error) };
        setRow(doc.id, doc.name, state);
        throw error;
      } finally {
        progress.cancel();
        controllers.current.delete(doc.id);
      }
    },
    [setRow],
  );

  // Sends `draft` along `plan`; resolves with the accepted SIP, or null after a failure (shown in `phase`).
  const submit = useCallback(
    async (draft: IngestDraft, initialPlan: UploadPlan): Promise<AcceptedSip | null> => {
      if (running.current) return null;
      running.current = true;
      setNotice(null);
      const send = (current: IngestDraft) => {
        reused.current.clear();
        const files = new Map(
          current.documents.flatMap((d) =>
            d.kind === "file" && d.file ? [[d.id, { doc: d, file: d.file }] as const] : [],
          ),
        );
        return sendPlan(initialPlan, {
          fileOf: (id) => files.get(id)?.file ?? null,
          upload: (id, file) => {
            const doc = files.get(id)?.doc;
            if (!doc) throw new Error("The document is no longer in the draft.");
            return upload(doc, file);
          },
          read: blobToBase64,
          submit: (body) => submitIngest(body),
          isTooLarge: (error) => error instanceof ApiError && error.code === "JSON_TOO_LARGE",
          onPhase: (next) => setPhase(next),
          onReplanned: () => setNotice(TOO_LARGE_NOTICE),
        });
      };
      try {
        setRows((current) =>
          current.filter((r) =>
            initialPlan.decisions.some((d) => d.id === r.id && d.method === "upload"),
          ),
        );
        let sip: AcceptedSip;
        try {
          sip = await send(draft);
        } catch (error) {
          // A kept upload the archive no longer takes: forget it and send those files again, once.
          const stale = [...reused.current].filter(([, key]) => refusesKey(error, [key]));
          if (stale.length === 0) throw error;
          let fresh = draft;
          for (const [id] of stale) {
            fresh = setDocumentUpload(fresh, id, null);
            uploaded.current?.(id, null);
          }
          sip = await send(fresh);
        }
        setPhase({ kind: "accepted", sip });
        return sip;
      } catch (error) {
        const signedOut =
          (error instanceof ApiError && error.status === 401) ||
          (error instanceof UploadError &&
            error.cause instanceof ApiError &&
            error.cause.status === 401);
        const message = error instanceof Error ? error.message : String(error);
        const code =
          error instanceof ApiError
            ? error.code
            : error instanceof UploadError
              ? `UPLOAD_${error.kind.toUpperCase()}`
              : null;
        setPhase({ kind: "failed", message, code, signedOut });
        return null;
      } finally {
        running.current = false;
      }
    },
    [upload, setRows],
  );

  // Cancels one file's upload (the submission then stops, with the draft intact).
  const cancel = useCallback((id: string) => controllers.current.get(id)?.abort(), []);
  // Cancels every upload under way.
  const cancelAll = useCallback(() => controllers.current.forEach((c) => c.abort()), []);

  return { phase, rows: rowStore as UploadRowStore, notice, submit, cancel, cancelAll };
}
