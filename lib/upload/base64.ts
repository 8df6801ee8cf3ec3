// Base64 of file bytes for inline (BINARY) content.

// A multiple of 3, so each piece encodes without padding and the pieces simply join.
const PIECE = 3 * 8 * 1024;

// Standard base64 (RFC 4648, with padding) of `bytes`.
export function bytesToBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let offset = 0; offset < bytes.length; offset += PIECE) {
    const piece = bytes.subarray(offset, offset + PIECE);
    // Spreading a piece stays far below the engines' argument-count limit.
    parts.push(btoa(String.fromCharCode(...piece)));
  }
  return parts.join("");
}

// The base64 of a File's bytes, for a document the upload plan sends inline.
export async function blobToBase64(blob: Blob): Promise<string> {
  return bytesToBase64(new Uint8Array(await blob.arrayBuffer()));
}
