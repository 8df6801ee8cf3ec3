// The ingest wizard's draft for one signed-in user, kept in IndexedDB: restored on mount, saved a
// moment after each change and when the page is hidden, cleared after a successful ingest.
import { useCallback, useEffect, useRef, useState } from "react";
import { emptyDraft, isDraftEmpty, mergeDrafts, toStoredDraft, type IngestDraft } from "./draft";
import { idbDelete, idbGet, idbPut } from "./idb";

export type DraftPersistence =
  // Reading the stored draft; nothing is saved until it is back.
  | "restoring"
  | "saved"
  // Kept, but without the files: the browser cannot store them (they must be chosen again after a reload).
  | "saved-without-files"
  // Drafts cannot be kept in this browser.
  | "unavailable";

export interface DraftStore {
  get(key: string): Promise<unknown>;
  put(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
}

const indexedDbStore: DraftStore = { get: idbGet, put: idbPut, delete: idbDelete };

// The storage key of a user's draft.
export function draftKey(userId: string): string {
  return `ingest-draft:${userId}`;
}

// Forgets a user's draft, e.g. when a shared computer is signed out on purpose.
export function clearDraftFor(userId: string, store: DraftStore = indexedDbStore): Promise<void> {
  return store.delete(draftKey(userId));
}

export interface IngestDraftState {
  draft: IngestDraft;
  setDraft: (update: IngestDraft | ((current: IngestDraft) => IngestDraft)) => void;
  // True once the stored draft, if any, has been merged in.
  restored: boolean;
  persistence: DraftPersistence;
  // Empties the draft and forgets the stored one: call after a successful ingest.
  clear: () => Promise<void>;
}

// The longest a change waits to be saved while further changes keep postponing the save.
const MAX_SAVE_DELAY_MS = 2_000;

// The draft of `userId` (null while unknown: nothing is read or saved then). Give the wizard
// `key={userId}` so that another user signing in in the same tab starts from their own draft.
export function useIngestDraft(
  userId: string | null,
  { debounceMs = 500, store = indexedDbStore }: { debounceMs?: number; store?: DraftStore } = {},
): IngestDraftState {
  const [draft, setDraftState] = useState<IngestDraft>(() => emptyDraft());
  const [restored, setRestored] = useState(false);
  const [persistence, setPersistence] = useState<DraftPersistence>("restoring");
  const latest = useRef(draft);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // When the oldest change not yet saved was made.
  const pendingSince = useRef(0);
  // Bumped by clear(), so a save already under way cannot bring a cleared draft back.
  const generation = useRef(0);

  const save = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!userId) return;
    const key = draftKey(userId);
    const current = latest.current;
    const mine = generation.current;
    try {
      if (isDraftEmpty(current)) await store.delete(key);
      else {
        try {
          await store.put(key, toStoredDraft(current, { keepFiles: true }));
        } catch (error) {
          if (!(error instanceof DOMException && error.name === "DataCloneError")) throw error;
          await store.put(key, toStoredDraft(current, { keepFiles: false }));
          if (mine === generation.current) setPersistence("saved-without-files");
          return;
        }
      }
      if (mine === generation.current) setPersistence("saved");
    } catch {
      setPersistence("unavailable");
    }
  }, [store, userId]);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    store
      .get(draftKey(userId))
      // The reader (and zod with it) loads only when a draft was stored.
      .then((stored) =>
        stored === undefined ? null : import("./restore-draft").then((m) => m.restoreDraft(stored)),
      )
      .then(
        (found) => {
          if (cancelled) return;
          if (found) setDraftState((current) => (latest.current = mergeDrafts(found, current)));
          setPersistence("saved");
          setRestored(true);
          // Changes made while the stored draft was loading were not saved yet.
          timer.current = setTimeout(() => void save(), debounceMs);
        },
        () => {
          if (cancelled) return;
          setPersistence("unavailable");
          setRestored(true);
        },
      );
    return () => {
      cancelled = true;
    };
  }, [debounceMs, save, store, userId]);

  useEffect(() => {
    const flush = () => {
      if (timer.current) void save();
    };
    const onVisibility = () => document.visibilityState === "hidden" && flush();
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      flush();
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [save]);

  const setDraft = useCallback<IngestDraftState["setDraft"]>(
    (update) => {
      setDraftState((current) => {
        const next = typeof update === "function" ? update(current) : update;
        latest.current = { ...next, updatedAt: Date.now() };
        return latest.current;
      });
      if (!restored) return;
      // Changes that keep coming (an upload's parts stored one after another) still reach storage
      // within MAX_SAVE_DELAY_MS of the first unsaved one, so a reload resumes from recent state.
      const now = Date.now();
      if (timer.current) clearTimeout(timer.current);
      else pendingSince.current = now;
      const left = Math.max(0, MAX_SAVE_DELAY_MS - (now - pendingSince.current));
      timer.current = setTimeout(() => void save(), Math.min(debounceMs, left));
    },
    [debounceMs, restored, save],
  );

  const clear = useCallback(async () => {
    generation.current++;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    latest.current = emptyDraft();
    setDraftState(latest.current);
    if (userId) await store.delete(draftKey(userId)).catch(() => setPersistence("unavailable"));
  }, [store, userId]);

  return { draft, setDraft, restored, persistence, clear };
}
