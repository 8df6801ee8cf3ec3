import { describe, expect, it } from "vitest";
import { ApiError, toApiError } from "@/lib/api/errors";
import {
  CAPABILITY_TTL_MS,
  createCapabilityCache,
  OPTIONAL_OPERATIONS,
  probeVerdict,
  UNKNOWN_TTL_MS,
  type Probe,
} from "./capabilities";
import { RESULT_MINOR } from "@scriptorium/contract/preservation/result-codes";

const ERROR = "urn:oasis:names:tc:dss:1.0:resultmajor:RequesterError";

describe("probeVerdict", () => {
  it("counts an answer, even a refusal of the probe's made-up object, as the operation being there", () => {
    expect(probeVerdict({ ok: true }).available).toBe(true);
    const unknownObject = new ApiError("NOT_FOUND", "no such object", {
      upstream: { status: 200, maj: ERROR, min: RESULT_MINOR.unknownPOID },
    });
    expect(probeVerdict({ error: unknownObject }).available).toBe(true);
    const parameter = new ApiError("VALIDATION_ERROR", "ev is required", {
      upstream: { status: 400, maj: ERROR, min: RESULT_MINOR.parameterError },
    });
    expect(probeVerdict({ error: parameter }).available).toBe(true);
  });

  it("counts notSupported, 404 and 501 as the operation being absent, and says so", () => {
    const notSupported = new ApiError("NOT_SUPPORTED", "no", {
      upstream: { status: 200, maj: ERROR, min: RESULT_MINOR.notSupported },
    });
    expect(probeVerdict({ error: notSupported })).toEqual({
      available: false,
      reason: "The archive answered that it does not support this operation.",
    });
    const missingRoute = new ApiError("VALIDATION_ERROR", "?", { upstream: { status: 404 } });
    expect(probeVerdict({ error: missingRoute }).reason).toMatch(/HTTP 404/);
    const notImplemented = new ApiError("UPSTREAM_ERROR", "?", { upstream: { status: 501 } });
    expect(probeVerdict({ error: notImplemented }).available).toBe(false);
  });

  it("recognises an ApiError thrown by another bundle's copy of the class", () => {
    // Another bundle's copy of lib/api/errors.ts: the same shape and brand, a different class.
    const brand: unique symbol = Symbol.for("scriptorium.ApiError") as never;
    class ForeignApiError extends Error {
      readonly [brand] = true;
      override name = "ApiError";
      code = "NOT_FOUND" as const;
      upstream = { status: 200, min: RESULT_MINOR.unknownPOID };
      get status() {
        return 404;
      }
    }
    const foreign = new ForeignApiError("There is no such object.");
    expect(foreign instanceof ApiError).toBe(true);
    expect(probeVerdict({ error: foreign }).available).toBe(true);
    expect(toApiError(foreign)).toMatchObject({ status: 404, message: "There is no such object." });
    expect(toApiError(new Error("boom")).code).toBe("INTERNAL_ERROR");
  });

  it("does not decide when the archive could not be asked", () => {
    const down = new ApiError("UPSTREAM_UNAVAILABLE", "The archive is not reachable.");
    expect(probeVerdict({ error: down })).toMatchObject({ available: null });
    expect(probeVerdict({ error: new Error("boom") }).available).toBeNull();
  });
});

describe("createCapabilityCache", () => {
  function counting(answer: (op: string) => Promise<unknown>) {
    const calls: string[] = [];
    const probe: Probe = (operation) => {
      calls.push(operation);
      return answer(operation);
    };
    return { calls, probe };
  }

  it("probes each operation once, however many callers ask at the same time", async () => {
    const cache = createCapabilityCache(() => 0);
    const { calls, probe } = counting(async () => ({}));
    const [first, second] = await Promise.all([
      cache.get("http://a", probe),
      cache.get("http://a", probe),
    ]);
    expect(calls.sort()).toEqual([...OPTIONAL_OPERATIONS].sort());
    expect(first).toEqual(second);
    expect(first.Search.available).toBe(true);
  });

  it("keeps verdicts per upstream and asks again once they are older than the TTL", async () => {
    let now = 0;
    const cache = createCapabilityCache(() => now);
    const { calls, probe } = counting(async (op) => {
      if (op === "Search") throw new ApiError("NOT_SUPPORTED", "no");
      return {};
    });
    const a = await cache.get("http://a", probe);
    expect(a.Search.available).toBe(false);
    await cache.get("http://b", probe);
    expect(calls).toHaveLength(8);
    now = CAPABILITY_TTL_MS - 1;
    await cache.get("http://a", probe);
    expect(calls).toHaveLength(8);
    now = CAPABILITY_TTL_MS + 1;
    await cache.get("http://a", probe);
    expect(calls).toHaveLength(12);
  });

  it("asks again soon when it could not tell", async () => {
    let now = 0;
    const cache = createCapabilityCache(() => now);
    const { calls, probe } = counting(async () => {
      throw new ApiError("UPSTREAM_TIMEOUT", "slow");
    });
    expect((await cache.get("http://a", probe)).UpdatePOC.available).toBeNull();
    now = UNKNOWN_TTL_MS + 1;
    await cache.get("http://a", probe);
    expect(calls).toHaveLength(8);
  });
});
