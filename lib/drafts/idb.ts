// A tiny promise wrapper over IndexedDB: one database, one key-value store. IndexedDB rather than
// localStorage because it stores File objects (structured clone) and megabytes without complaint.

const DB_NAME = "scriptorium";
const STORE = "drafts";

let opening: Promise<IDBDatabase> | null = null;

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed."));
  });
}

function database(): Promise<IDBDatabase> {
  if (typeof indexedDB === "undefined") {
    return Promise.reject(new Error("This browser offers no IndexedDB, so drafts cannot be kept."));
  }
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the database must not be blocked by this one.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error("IndexedDB could not be opened."));
    };
  });
  return opening;
}

async function run<T>(
  mode: IDBTransactionMode,
  operation: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await database();
  const transaction = db.transaction(STORE, mode);
  // A write counts only once its transaction commits.
  const committed = new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = transaction.onerror = () =>
      reject(transaction.error ?? new Error("IndexedDB transaction failed."));
  });
  const [result] = await Promise.all([
    promised(operation(transaction.objectStore(STORE))),
    committed,
  ]);
  return result;
}

// The stored value under `key`, or undefined.
export function idbGet(key: string): Promise<unknown> {
  return run("readonly", (store) => store.get(key));
}

// Stores `value` under `key`; rejects with a DataCloneError when the value cannot be stored.
export async function idbPut(key: string, value: unknown): Promise<void> {
  await run("readwrite", (store) => store.put(value, key));
}

// Removes `key`.
export async function idbDelete(key: string): Promise<void> {
  await run("readwrite", (store) => store.delete(key));
}
