// Reads a request body up to a byte limit, counting as the bytes arrive, so an oversized body is
// refused as soon as it passes the limit and is never buffered whole.

// The body's bytes, or null when it is larger than `limit`. Past the limit the reader is released
// (`release`: the connection stays usable for an answer, as a raw Node server needs) or cancelled.
export async function readLimited(
  body: ReadableStream<Uint8Array>,
  limit: number,
  overLimit: "release" | "cancel",
): Promise<Buffer | null> {
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      if (overLimit === "cancel") await reader.cancel().catch(() => {});
      else reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
