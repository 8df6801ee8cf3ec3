// SHA-256 of a file built up range by range in a worker thread. The digest of a multipart upload
// is read back part by part while the parts stream in (parts-written-here.ts): on the main thread
// that reading queued behind the parts' own receiving and hashing, and the last few hundred MiB
// were left to hash once the last part was in, while the client waited for its completion. In a
// thread of its own it keeps up wherever a core is free.
//
// One worker serves every file; it starts with the first digest and ends once none is open for a
// while, so an archive at rest keeps no second isolate.
import { Worker } from "node:worker_threads";

export interface FileDigest {
  // Hashes bytes `from` to `to` (excluded) of the file next, after the ranges asked before.
  read(from: number, to: number): Promise<void>;
  // The SHA-256, in hex, of every range read so far.
  digest(): Promise<string>;
  // Lets go of the file and of the digest; its pending reads are refused.
  close(): void;
}

// Runs in the worker: plain CommonJS, so it needs no loader of the caller's. Reads are synchronous
// there (the thread has nothing else to do) and run in the order asked.
const WORKER = `
const { parentPort } = require("node:worker_threads");
const { createHash } = require("node:crypto");
const { closeSync, openSync, readSync } = require("node:fs");
const files = new Map();
const buffer = Buffer.allocUnsafe(1 << 20);
parentPort.on("message", (m) => {
  if (m.type === "open") files.set(m.id, { path: m.path, hash: createHash("sha256") });
  else if (m.type === "close") files.delete(m.id);
  else {
    const file = files.get(m.id);
    let fd = null;
    try {
      if (!file) throw new Error("The digest was closed.");
      if (m.type === "read") {
        // Opened for each range: digests of uploads left unfinished hold no descriptor.
        fd = openSync(file.path, "r");
        for (let at = m.from; at < m.to; ) {
          const n = readSync(fd, buffer, 0, Math.min(buffer.length, m.to - at), at);
          if (n === 0) throw new Error("The file is shorter than the range asked.");
          file.hash.update(buffer.subarray(0, n));
          at += n;
        }
        parentPort.postMessage({ seq: m.seq });
      } else {
        parentPort.postMessage({ seq: m.seq, sha256: file.hash.copy().digest("hex") });
      }
    } catch (error) {
      parentPort.postMessage({ seq: m.seq, error: String(error) });
    } finally {
      if (fd !== null) closeSync(fd);
    }
  }
});
`;

// How long the worker stays without an open digest before it ends.
const IDLE_MS = 30_000;

interface Reply {
  seq: number;
  sha256?: string;
  error?: string;
}

let worker: Worker | null = null;
let open = 0;
let idle: ReturnType<typeof setTimeout> | undefined;
let nextId = 0;
let nextSeq = 0;
// Questions asked and not answered yet, with the worker each was asked of.
const waiting = new Map<
  number,
  { thread: Worker; resolve: (reply: Reply) => void; reject: (e: Error) => void }
>();

function theWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER, { eval: true });
  started.on("message", (reply: Reply) => {
    const waiter = waiting.get(reply.seq);
    waiting.delete(reply.seq);
    if (![...waiting.values()].some((w) => w.thread === started)) started.unref();
    waiter?.resolve(reply);
  });
  // Its questions go unanswered; those asked of a worker started since (after an idle end) stay.
  const gone = (error: Error) => {
    if (worker === started) worker = null;
    for (const [seq, waiter] of waiting) {
      if (waiter.thread !== started) continue;
      waiting.delete(seq);
      waiter.reject(error);
    }
  };
  started.on("error", gone);
  started.on("exit", () => gone(new Error("The digest thread ended.")));
  // What keeps the archive running only while it has a question to answer (unref'd after the
  // listeners: a listener added later takes the worker's port back into the count).
  started.unref();
  worker = started;
  return started;
}

function ask(message: Record<string, unknown>): Promise<Reply> {
  const seq = nextSeq++;
  return new Promise<Reply>((resolve, reject) => {
    const thread = theWorker();
    waiting.set(seq, { thread, resolve, reject });
    thread.ref();
    thread.postMessage({ ...message, seq });
  }).then((reply) => {
    if (reply.error) throw new Error(reply.error);
    return reply;
  });
}

// A digest of `path`, built up in the worker thread.
export function fileDigest(path: string): FileDigest {
  const id = nextId++;
  open++;
  clearTimeout(idle);
  theWorker().postMessage({ type: "open", id, path });
  let closed = false;
  return {
    async read(from, to) {
      if (closed) throw new Error("The digest was closed.");
      await ask({ type: "read", id, from, to });
    },
    async digest() {
      if (closed) throw new Error("The digest was closed.");
      return (await ask({ type: "digest", id })).sha256!;
    },
    close() {
      if (closed) return;
      closed = true;
      worker?.postMessage({ type: "close", id });
      if (--open > 0) return;
      idle = setTimeout(() => {
        void worker?.terminate();
        worker = null;
      }, IDLE_MS);
      idle.unref();
    },
  };
}
