// Content-addressed blob storage under ${dataDir}/blobs. Bytes are written to a temporary file
// under .tmp, synced, then renamed to sha256/<aa>/<hex>: an object path only ever holds
// complete content whose name is its digest. Placing and removing an object take its lock
// (blob-locks.ts), and a removal spares objects a writer holds: in this process, and, given
// cross-process locks (pg-blob-locks.ts), in the other processes sharing the database.
import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { addHold, dropHold, isHeld, withBlobLock } from "./blob-locks";
import type { CrossProcessBlobLocks } from "./pg-blob-locks";

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The content exceeds the limit of ${maxBytes} bytes.`);
    this.name = "BlobTooLargeError";
  }
}

// A file received into .tmp: synced and hashed, not yet an object.
export interface StagedBlob {
  tmpPath: string;
  sha256: string;
  size: number;
}

// Objects a writer keeps from removal until the rows that reference them are committed.
export interface BlobHold {
  readonly blobs: readonly string[];
  // Holds an object that may already be stored; answers whether it is.
  keep(sha256: string): Promise<boolean>;
  // Lets go of every object held; later calls do nothing.
  release(): Promise<void>;
}

export interface BlobStore {
  root: string;
  objectPath(sha256: string): string;
  exists(sha256: string): Promise<boolean>;
  receive(source: Readable, options: { maxBytes: number }): Promise<StagedBlob>;
  // With a hold, the object is held from the moment it is in place.
  commit(staged: StagedBlob, hold?: BlobHold): Promise<string>;
  discard(staged: StagedBlob): Promise<void>;
  adopt(filePath: string, hold?: BlobHold): Promise<{ sha256: string; size: number }>;
  // Stores bytes held in memory, hashed as they are: no file to read back. Synced before it
  // answers, like the rest.
  put(bytes: Uint8Array, hold?: BlobHold): Promise<{ sha256: string; size: number }>;
  hold(): BlobHold;
  // Removes an object unless it is held or `inUse` answers true, both asked under its lock.
  removeUnlessUsed(sha256: string, inUse: () => Promise<boolean>): Promise<boolean>;
  sha256OfObject(sha256: string): Promise<string>;
  cleanTemporary(olderThanMs: number): Promise<number>;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

class StoreHold implements BlobHold {
  readonly blobs: string[] = [];
  private released = false;

  constructor(
    private readonly store: Pick<BlobStore, "objectPath" | "exists">,
    private readonly locks: CrossProcessBlobLocks | undefined,
  ) {}

  // Call under the object's lock, before the object is placed or looked for.
  async add(sha256: string) {
    if (this.released) throw new Error("A released blob hold cannot hold more blobs.");
    const key = this.store.objectPath(sha256);
    addHold(key);
    try {
      await this.locks?.holdShared(sha256);
    } catch (error) {
      dropHold(key);
      throw error;
    }
    this.blobs.push(sha256);
    // Released while the lock was awaited: nothing else will let go of this one.
    if (this.released) await this.drop(sha256);
  }

  keep(sha256: string) {
    return withBlobLock(this.store.objectPath(sha256), async () => {
      await this.add(sha256);
      return this.store.exists(sha256);
    });
  }

  async release() {
    if (this.released) return;
    this.released = true;
    await Promise.all(this.blobs.map((sha256) => this.drop(sha256)));
  }

  private async drop(sha256: string) {
    dropHold(this.store.objectPath(sha256));
    await this.locks?.releaseShared(sha256);
  }
}

function storeHold(hold: BlobHold | undefined): StoreHold | undefined {
  if (hold && !(hold instanceof StoreHold))
    throw new Error("A blob hold must come from BlobStore.hold().");
  return hold;
}

// Hex SHA-256 of a file, streamed.
export async function sha256OfFile(filePath: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of createReadStream(filePath, { highWaterMark: 1 << 20 })) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest("hex"), size };
}

// Makes a file's content durable (fsync through a descriptor of its own).
export async function syncFile(file: string): Promise<void> {
  const handle = await open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const syncDirectory = syncFile;

function hashingCounter(
  maxBytes: number,
  state: { size: number; hash: ReturnType<typeof createHash> },
) {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      state.size += chunk.length;
      if (state.size > maxBytes) {
        callback(new BlobTooLargeError(maxBytes));
        return;
      }
      state.hash.update(chunk);
      callback(null, chunk);
    },
  });
}

// Opens (creating if needed) the blob store of a data directory. With several processes on one
// database, `locks` extends holds and removals to all of them.
export async function openBlobStore(
  dataDir: string,
  options: { locks?: CrossProcessBlobLocks } = {},
): Promise<BlobStore> {
  const { locks } = options;
  const root = path.join(dataDir, "blobs");
  const tmpDir = path.join(root, ".tmp");
  await mkdir(tmpDir, { recursive: true });

  const objectPath = (sha256: string) => {
    if (!SHA256_HEX.test(sha256)) throw new Error("A blob key is a lower-case hex SHA-256.");
    return path.join(root, "sha256", sha256.slice(0, 2), sha256);
  };

  const exists = async (sha256: string) => {
    try {
      return (await stat(objectPath(sha256))).isFile();
    } catch {
      return false;
    }
  };

  const moveIntoPlace = (from: string, sha256: string, hold?: BlobHold) => {
    const target = objectPath(sha256);
    const holder = storeHold(hold);
    return withBlobLock(target, async () => {
      await holder?.add(sha256);
      if (await exists(sha256)) {
        // Same digest, same bytes: the object is already there.
        await rm(from, { force: true });
        return target;
      }
      await mkdir(path.dirname(target), { recursive: true });
      await rename(from, target);
      await syncDirectory(path.dirname(target));
      return target;
    });
  };

  return {
    root,
    objectPath,
    exists,
    async receive(source, { maxBytes }) {
      const tmpPath = path.join(tmpDir, `${randomUUID()}.part`);
      const state = { size: 0, hash: createHash("sha256") };
      try {
        await pipeline(
          source,
          hashingCounter(maxBytes, state),
          createWriteStream(tmpPath, { flags: "wx", highWaterMark: 1 << 20 }),
        );
        // fsync applies to the file, not the descriptor: a second descriptor flushes what the stream wrote.
        await syncFile(tmpPath);
      } catch (error) {
        await rm(tmpPath, { force: true });
        throw error;
      }
      return { tmpPath, sha256: state.hash.digest("hex"), size: state.size };
    },
    commit: (staged, hold) => moveIntoPlace(staged.tmpPath, staged.sha256, hold),
    async discard(staged) {
      await rm(staged.tmpPath, { force: true });
    },
    async put(bytes, hold) {
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      const target = objectPath(sha256);
      const holder = storeHold(hold);
      await withBlobLock(target, async () => {
        await holder?.add(sha256);
        if (await exists(sha256)) return;
        const tmpPath = path.join(tmpDir, `${randomUUID()}.part`);
        try {
          const handle = await open(tmpPath, "wx");
          try {
            await handle.writeFile(bytes);
            await handle.sync();
          } finally {
            await handle.close();
          }
          await mkdir(path.dirname(target), { recursive: true });
          await rename(tmpPath, target);
        } catch (error) {
          await rm(tmpPath, { force: true });
          throw error;
        }
        await syncDirectory(path.dirname(target));
      });
      return { sha256, size: bytes.length };
    },
    async adopt(filePath, hold) {
      // The file is moved, not copied: callers hand over files they own (a job's work folder on
      // the same volume). It is synced first so the renamed object is complete on disk.
      const { sha256, size } = await sha256OfFile(filePath);
      await syncFile(filePath);
      await moveIntoPlace(filePath, sha256, hold);
      return { sha256, size };
    },
    hold: () => new StoreHold({ objectPath, exists }, locks),
    removeUnlessUsed(sha256, inUse) {
      const target = objectPath(sha256);
      return withBlobLock(target, async () => {
        if (isHeld(target)) return false;
        // Held by another process, or the locks cannot be trusted now: left for a later pass.
        if (locks && !(await locks.tryExclusive(sha256))) return false;
        try {
          if (await inUse()) return false;
          await rm(target, { force: true });
          return true;
        } finally {
          await locks?.releaseExclusive(sha256);
        }
      });
    },
    async sha256OfObject(sha256) {
      return (await sha256OfFile(objectPath(sha256))).sha256;
    },
    async cleanTemporary(olderThanMs) {
      let removed = 0;
      const now = Date.now();
      for (const name of await readdir(tmpDir)) {
        const file = path.join(tmpDir, name);
        const info = await stat(file).catch(() => null);
        if (info && now - info.mtimeMs >= olderThanMs) {
          await rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}
