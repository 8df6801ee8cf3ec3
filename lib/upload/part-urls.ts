// Part URLs for the part sender, asked of the dashboard a few at a time (one request signs the
// next parts too) and kept until shortly before they expire. The next few are asked for while the
// current ones are still being sent, so no part waits for a round trip to the dashboard.
import { formatPartNumbers } from "@scriptorium/contract/ingest/multipart-layout";
import { ApiError } from "@/lib/queries/api-client";
import type { MultipartApi } from "./multipart-api";
import { PartUrlUnreachable, type PartUrlSource } from "./part-sender";

// URLs signed by one request: enough for the parts in flight and those queued next.
const BATCH = 8;
// How far ahead of the part being sent its successors' URLs are asked for.
const LOOKAHEAD = BATCH / 2;
// A URL this close to its expiry is signed again rather than failing mid-part.
const EXPIRY_MARGIN_MS = 60_000;

interface Signed {
  url: string;
  expiresAt: number;
}

export function createPartUrlSource(
  api: MultipartApi,
  uploadId: string,
  partCount: number,
  now: () => number,
): PartUrlSource {
  const cache = new Map<number, Promise<Signed>>();

  const request = (first: number, signal: AbortSignal) => {
    const numbers: number[] = [];
    for (let n = first; n <= partCount && numbers.length < BATCH; n++) {
      if (n === first || !cache.has(n)) numbers.push(n);
    }
    const batch = api.partUrls(uploadId, formatPartNumbers(numbers), signal).then(
      (answer) => new Map(answer.parts.map((p) => [p.partNumber, p])),
      (error: unknown) => {
        // The dashboard out of reach or failing for a moment: the part sender tries again later.
        if (error instanceof ApiError && (error.status === 0 || error.status >= 500)) {
          throw new PartUrlUnreachable();
        }
        throw error;
      },
    );
    for (const n of numbers) {
      const one = batch.then((parts) => {
        const part = parts.get(n);
        if (!part) throw new Error(`The archive signed no URL for part ${n}.`);
        const expires = Date.parse(part.expiresAt);
        return { url: part.url, expiresAt: Number.isNaN(expires) ? Infinity : expires };
      });
      // A failed batch is asked again by the next `get`, not kept.
      one.catch(() => cache.get(n) === one && cache.delete(n));
      cache.set(n, one);
    }
  };

  return {
    async get(partNumber, signal) {
      const kept = cache.get(partNumber);
      if (!kept) request(partNumber, signal);
      const ahead = partNumber + LOOKAHEAD;
      if (ahead <= partCount && !cache.has(ahead)) request(ahead, signal);
      if (kept) {
        const signed = await kept.catch(() => null);
        if (signed && signed.expiresAt - now() > EXPIRY_MARGIN_MS) return signed.url;
        if (cache.get(partNumber) === kept) cache.delete(partNumber);
      }
      if (!cache.has(partNumber)) request(partNumber, signal);
      return (await cache.get(partNumber)!).url;
    },
    forget(partNumber) {
      cache.delete(partNumber);
    },
  };
}
