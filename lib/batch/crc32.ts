// CRC-32 (the zip format's, polynomial 0xEDB88320), computed as bytes arrive: start, update with
// each piece, finish.
let table: Uint32Array | null = null;

function makeTable(): Uint32Array {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
}

export const crc32 = {
  start: () => 0xffffffff,
  update(crc: number, bytes: Uint8Array): number {
    table ??= makeTable();
    let c = crc;
    for (let i = 0; i < bytes.length; i++) c = table[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
    return c >>> 0;
  },
  finish: (crc: number) => (crc ^ 0xffffffff) >>> 0,
};
