// Reading large files ahead of their upload: once a file joins the wizard's draft, the hash worker
// computes the SHA-256 of each of its parts (in the layout the upload will ask the archive for)
// while the person fills in the metadata. Sending the file then waits on the network alone: the
// parts read already leave at once, and the uploader follows a reading still under way. One file
// is read at a time, in the order they were added (the worker holds at most two parts at once).
// Browser only.
import { choosePartSize } from "@scriptorium/contract/ingest/multipart-layout";
import { hashFileParts, type HashPartsOptions } from "./hash-file";
import { MULTIPART_FROM_BYTES } from "./multipart-threshold";

export interface ReadAheadState {
  loaded: number;
  total: number;
  done: boolean;
  failed: boolean;
}

interface Reading {
  partSize: number;
  // Part n's digest at n - 1, in order as they are read.
  digests: string[];
  state: ReadAheadState;
  error: unknown;
  started: boolean;
  controller: AbortController;
  listeners: Set<() => void>;
}

// The hashing of one file's parts; a seam for tests.
export type PartsHasher = (file: Blob, options: HashPartsOptions) => Promise<unknown>;

const readings = new Map<Blob, Reading>();
let line: Promise<void> = Promise.resolve();
let hasher: PartsHasher = hashFileParts;

export function setPartsHasherForTests(next: PartsHasher | null): void {
  hasher = next ?? hashFileParts;
}

function notify(reading: Reading) {
  for (const listener of [...reading.listeners]) listener();
}

// Starts reading `file` ahead, after the files already in line; nothing for a file sent in one PUT
// or already being read.
export function readAhead(file: Blob): void {
  if (file.size < MULTIPART_FROM_BYTES || readings.has(file)) return;
  const reading: Reading = {
    partSize: choosePartSize(file.size),
    digests: [],
    state: { loaded: 0, total: file.size, done: false, failed: false },
    error: null,
    started: false,
    controller: new AbortController(),
    listeners: new Set(),
  };
  readings.set(file, reading);
  const { signal } = reading.controller;
  line = line.then(async () => {
    if (signal.aborted) return;
    reading.started = true;
    try {
      await hasher(file, {
        partSize: reading.partSize,
        signal,
        onPart: (partNumber, sha256) => {
          reading.digests[partNumber - 1] = sha256;
          notify(reading);
        },
        onProgress: (loaded, total) => {
          reading.state = { ...reading.state, loaded, total };
          notify(reading);
        },
      });
      reading.state = { ...reading.state, loaded: file.size, done: true };
    } catch (error) {
      if (signal.aborted) return;
      reading.error = error;
      reading.state = { ...reading.state, failed: true };
    }
    notify(reading);
  });
}

// Stops and forgets the reading of a file taken out of the draft.
export function stopReadAhead(file: Blob): void {
  const reading = readings.get(file);
  if (!reading) return;
  readings.delete(file);
  reading.controller.abort();
  notify(reading);
}

export function readAheadState(file: Blob): ReadAheadState | null {
  return readings.get(file)?.state ?? null;
}

// Calls `listener` after every change of `file`'s reading; returns the unsubscribe.
export function watchReadAhead(file: Blob, listener: () => void): () => void {
  const reading = readings.get(file);
  if (!reading) return () => {};
  reading.listeners.add(listener);
  return () => reading.listeners.delete(listener);
}

// The digest of each part of `file` in `options.partSize` layout, reported in order: from its
// reading ahead where one in this layout is under way or done, read now otherwise (a reading still
// waiting in line gives way, so the file is not read twice). Resolves with null, as hashFileParts.
export function hashPartsAhead(file: Blob, options: HashPartsOptions): Promise<null> {
  const reading = readings.get(file);
  if (
    !reading ||
    !reading.started ||
    reading.partSize !== options.partSize ||
    reading.state.failed
  ) {
    if (reading && !reading.started) stopReadAhead(file);
    return hasher(file, options).then(() => null);
  }
  const { signal, onPart, onProgress } = options;
  return new Promise<null>((resolve, reject) => {
    let reported = 0;
    const stop = () => {
      unwatch();
      signal?.removeEventListener("abort", onAbort);
    };
    const onAbort = () => {
      stop();
      reject(signal?.reason);
    };
    const follow = () => {
      while (reported < reading.digests.length && reading.digests[reported] !== undefined) {
        reported++;
        onPart(reported, reading.digests[reported - 1]!);
      }
      // A reading done before the upload asked has no progress left to show.
      if (!reading.state.done || !doneBefore)
        onProgress?.(reading.state.loaded, reading.state.total);
      if (reading.state.done) {
        stop();
        resolve(null);
      } else if (reading.state.failed) {
        stop();
        reject(reading.error);
      } else if (reading.controller.signal.aborted) {
        stop();
        reject(new Error("The file's reading was stopped: choose it again."));
      }
    };
    const doneBefore = reading.state.done;
    const unwatch = watchReadAhead(file, follow);
    if (signal?.aborted) return onAbort();
    signal?.addEventListener("abort", onAbort, { once: true });
    follow();
  });
}
