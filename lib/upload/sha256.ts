// Incremental SHA-256 (@noble/hashes). WebCrypto only digests a whole buffer at once, which for a
// multi-GB file means holding it in memory; this one takes the file chunk by chunk. It is the
// fallback where the worker's WebAssembly hash cannot start (a page CSP without 'wasm-unsafe-eval').
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";

// A running SHA-256: feed it with `update` in any chunking, then read `digest` once.
export class Sha256 {
  private readonly hash = sha256.create();
  private finished = false;

  // Adds `data` to the message.
  update(data: Uint8Array): this {
    this.assertOpen();
    this.hash.update(data);
    return this;
  }

  // The 32-byte digest; the hash cannot be updated afterwards.
  digest(): Uint8Array {
    this.assertOpen();
    this.finished = true;
    return this.hash.digest();
  }

  // The digest as 64 lowercase hex digits.
  hex(): string {
    return toHex(this.digest());
  }

  // noble refuses as well; this is the sentence callers see.
  private assertOpen(): void {
    if (this.finished) throw new Error("This SHA-256 has already produced its digest.");
  }
}

// Lowercase hex of `bytes`.
export const toHex: (bytes: Uint8Array) => string = bytesToHex;

// SHA-256 of one buffer, as hex.
export function sha256Hex(data: Uint8Array): string {
  return new Sha256().update(data).hex();
}
