import { describe, expect, it } from "vitest";
import type { MultipartApi } from "./multipart-api";
import { createPartUrlSource } from "./part-urls";

// A dashboard that signs every part asked for, and remembers what it was asked.
function signer() {
  const asked: string[] = [];
  const api = {
    async partUrls(_id: string, numbers: string) {
      asked.push(numbers);
      const parts = numbers.split(",").flatMap((range) => {
        const [a, b = a] = range.split("-").map(Number);
        return Array.from({ length: b! - a! + 1 }, (_, i) => a! + i);
      });
      return {
        parts: parts.map((n) => ({
          partNumber: n,
          url: `https://archive/p/${n}`,
          expiresAt: "2999-01-01T00:00:00Z",
        })),
      };
    },
  } as unknown as MultipartApi;
  return { api, asked };
}

describe("createPartUrlSource", () => {
  it("asks for the next parts' URLs while the current ones are sent, a batch at a time", async () => {
    const { api, asked } = signer();
    const urls = createPartUrlSource(api, "u", 20, () => 0);
    const signal = new AbortController().signal;
    expect(await urls.get(1, signal)).toBe("https://archive/p/1");
    expect(asked).toEqual(["1-8"]);
    for (let n = 2; n <= 5; n++) await urls.get(n, signal);
    // Half-way through the batch, the next one is asked for, before part 9 is wanted.
    expect(asked).toEqual(["1-8", "9-16"]);
    for (let n = 6; n <= 20; n++) expect(await urls.get(n, signal)).toBe(`https://archive/p/${n}`);
    expect(asked).toEqual(["1-8", "9-16", "17-20"]);
    // Every part was signed once.
    const signed = asked.flatMap((range) => {
      return range.split(",").flatMap((r) => {
        const [a, b = a] = r.split("-").map(Number);
        return Array.from({ length: b! - a! + 1 }, (_, i) => a! + i);
      });
    });
    expect(signed.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
