import { createHash, webcrypto } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bytesToBase64, blobToBase64 } from "./base64";
import { hashBlob } from "./hash-blob";
import { createWasmSha256 } from "./wasm-sha256";

const nodeHex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("hashBlob", () => {
  it("gives node:crypto's digest in chunks, reporting progress up to the whole size", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 600 }),
        fc.integer({ min: 1, max: 97 }),
        async (bytes, chunkBytes) => {
          const seen: number[] = [];
          const hex = await hashBlob(new Blob([bytes]), {
            chunkBytes,
            subtle: null,
            onProgress: (loaded, total) => {
              expect(total).toBe(bytes.length);
              seen.push(loaded);
            },
          });
          expect(hex).toBe(nodeHex(bytes));
          expect(seen.at(-1)).toBe(bytes.length);
          expect([...seen].sort((a, b) => a - b)).toEqual(seen);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("gives the same digest through WebCrypto for small files", async () => {
    const bytes = Uint8Array.from({ length: 1000 }, (_, i) => i & 0xff);
    expect(await hashBlob(new Blob([bytes]), { subtle: webcrypto.subtle as SubtleCrypto })).toBe(
      nodeHex(bytes),
    );
  });

  it("gives the same digest with the WebAssembly hash, and with the JavaScript one when that cannot start", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 600 }),
        fc.integer({ min: 1, max: 97 }),
        async (bytes, chunkBytes) => {
          const blob = new Blob([bytes]);
          expect(
            await hashBlob(blob, { chunkBytes, subtle: null, createHasher: createWasmSha256 }),
          ).toBe(nodeHex(bytes));
          const refused = () =>
            Promise.reject(new WebAssembly.CompileError("WebAssembly is not allowed here"));
          expect(await hashBlob(blob, { chunkBytes, subtle: null, createHasher: refused })).toBe(
            nodeHex(bytes),
          );
        },
      ),
      { numRuns: 50 },
    );
  });

  it("stops when cancelled", async () => {
    const controller = new AbortController();
    controller.abort(new Error("cancelled by the user"));
    await expect(
      hashBlob(new Blob([new Uint8Array(10)]), {
        subtle: null,
        chunkBytes: 2,
        signal: controller.signal,
      }),
    ).rejects.toThrow("cancelled by the user");
  });
});

describe("bytesToBase64", () => {
  it("matches Buffer's base64 for any bytes, across piece boundaries", async () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 500 }), (bytes) => {
        expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString("base64"));
      }),
    );
    const large = Uint8Array.from({ length: 3 * 8 * 1024 * 2 + 7 }, (_, i) => (i * 7) & 0xff);
    expect(await blobToBase64(new Blob([large]))).toBe(Buffer.from(large).toString("base64"));
  });
});
