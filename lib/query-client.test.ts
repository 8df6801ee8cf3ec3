import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { environmentManager } from "@tanstack/react-query";
import { getQueryClient, makeQueryClient } from "./query-client";

class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

// Counts how often a query function runs before the client gives up.
async function attemptsUntilFailure(error: unknown, onUnauthorized?: () => void) {
  const client = makeQueryClient({ onUnauthorized });
  let attempts = 0;
  await expect(
    client.fetchQuery({
      queryKey: ["failing", attempts],
      retryDelay: 0,
      queryFn: () => {
        attempts += 1;
        throw error;
      },
    }),
  ).rejects.toBe(error);
  return attempts;
}

describe("makeQueryClient in the browser", () => {
  beforeEach(() => environmentManager.setIsServer(() => false));
  afterEach(() => environmentManager.setIsServer(() => typeof window === "undefined"));

  it("never retries a 401 and reports it once", async () => {
    let reported = 0;
    expect(await attemptsUntilFailure(new HttpError(401), () => (reported += 1))).toBe(1);
    expect(reported).toBe(1);
  });

  it.each([400, 403, 404, 422])("does not retry a %i", async (status) => {
    expect(await attemptsUntilFailure(new HttpError(status))).toBe(1);
  });

  it.each([408, 429, 500, 503])("retries a %i three times", async (status) => {
    expect(await attemptsUntilFailure(new HttpError(status))).toBe(4);
  });

  it("retries a network failure three times", async () => {
    expect(await attemptsUntilFailure(new TypeError("fetch failed"))).toBe(4);
  });

  it("keeps one client for the page's lifetime", () => {
    expect(getQueryClient()).toBe(getQueryClient());
  });
});

describe("makeQueryClient on the server", () => {
  it("does not retry inside a request and gives each request its own client", async () => {
    expect(environmentManager.isServer()).toBe(true);
    expect(await attemptsUntilFailure(new HttpError(503))).toBe(1);
    expect(getQueryClient()).not.toBe(getQueryClient());
  });
});
