// Incremental SHA-256 (FIPS 180-4). WebCrypto only digests a whole buffer at once, which for a
// multi-GB file means holding it in memory; this one takes the file chunk by chunk.

// Int32Array rather than Uint32Array: values above 2^31 would leave V8's small-integer fast path.
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const INITIAL = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

// A running SHA-256: feed it with `update` in any chunking, then read `digest` once.
export class Sha256 {
  private readonly state = new Int32Array(INITIAL);
  private readonly block = new Uint8Array(64);
  private readonly words = new Int32Array(64);
  private buffered = 0;
  // Total bytes so far; a double is exact up to 2^53, far beyond any file a browser can read.
  private length = 0;
  private finished = false;

  // Adds `data` to the message.
  update(data: Uint8Array): this {
    if (this.finished) throw new Error("This SHA-256 has already produced its digest.");
    this.length += data.length;
    let offset = 0;
    if (this.buffered > 0) {
      const take = Math.min(64 - this.buffered, data.length);
      this.block.set(data.subarray(0, take), this.buffered);
      this.buffered += take;
      offset = take;
      if (this.buffered < 64) return this;
      this.compress(this.block, 0);
      this.buffered = 0;
    }
    // Whole blocks straight from the input, without copying.
    for (; offset + 64 <= data.length; offset += 64) this.compress(data, offset);
    if (offset < data.length) {
      this.block.set(data.subarray(offset), 0);
      this.buffered = data.length - offset;
    }
    return this;
  }

  // The 32-byte digest; the hash cannot be updated afterwards.
  digest(): Uint8Array {
    if (this.finished) throw new Error("This SHA-256 has already produced its digest.");
    this.update(finalPadding(this.length));
    this.finished = true;
    const out = new Uint8Array(32);
    const outView = new DataView(out.buffer);
    for (let i = 0; i < 8; i++) outView.setUint32(i * 4, this.state[i]!);
    return out;
  }

  // The digest as 64 lowercase hex digits.
  hex(): string {
    return toHex(this.digest());
  }

  private compress(data: Uint8Array, offset: number): void {
    const w = this.words;
    for (let i = 0; i < 16; i++) {
      const j = offset + i * 4;
      w[i] = (data[j]! << 24) | (data[j + 1]! << 16) | (data[j + 2]! << 8) | data[j + 3]!;
    }
    for (let i = 16; i < 64; i++) {
      const x = w[i - 15]!;
      const y = w[i - 2]!;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
    }
    const s = this.state;
    let a = s[0]!, b = s[1]!, c = s[2]!, d = s[3]!, e = s[4]!, f = s[5]!, g = s[6]!, h = s[7]!;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (h + S1 + ch + K[i]! + w[i]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    s[0] = (s[0]! + a) | 0;
    s[1] = (s[1]! + b) | 0;
    s[2] = (s[2]! + c) | 0;
    s[3] = (s[3]! + d) | 0;
    s[4] = (s[4]! + e) | 0;
    s[5] = (s[5]! + f) | 0;
    s[6] = (s[6]! + g) | 0;
    s[7] = (s[7]! + h) | 0;
  }
}

// The bytes that end a message of `totalBytes` bytes: 0x80, zeros up to 8 bytes short of a block
// boundary, then the length in bits as a 64-bit big-endian number.
export function finalPadding(totalBytes: number): Uint8Array {
  const used = totalBytes % 64;
  const padding = new Uint8Array(used < 56 ? 64 - used : 128 - used);
  padding[0] = 0x80;
  const bits = totalBytes * 8;
  const view = new DataView(padding.buffer);
  // Two 32-bit halves: bitwise operators would cut the length at 2^32 bits (512 MB).
  view.setUint32(padding.length - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(padding.length - 4, bits % 2 ** 32);
  return padding;
}

// Lowercase hex of `bytes`.
export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += byte.toString(16).padStart(2, "0");
  return out;
}

// SHA-256 of one buffer, as hex.
export function sha256Hex(data: Uint8Array): string {
  return new Sha256().update(data).hex();
}
