// SHA-256 compiled to WebAssembly (hash-wasm): about twice as fast as the JavaScript one on large
// files, so a multi-GB upload waits less for its checksum. Used by the hash worker, whose script
// carries no page CSP; where WebAssembly cannot start, hashBlob falls back to the JavaScript
// hash (@noble/hashes).
import { createSHA256 } from "hash-wasm";
import type { IncrementalSha256 } from "./hash-blob";

export async function createWasmSha256(): Promise<IncrementalSha256> {
  const hasher = await createSHA256();
  hasher.init();
  return {
    update(data) {
      hasher.update(data);
    },
    hex: () => hasher.digest("hex"),
  };
}
