import { afterEach, describe, expect, it, vi } from "vitest";
import { makeZodJitless } from "./zod-jitless";

const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };

describe("makeZodJitless", () => {
  afterEach(() => {
    if (holder.__zod_globalConfig) delete holder.__zod_globalConfig.jitless;
  });

  it("tells zod loaded afterwards not to compile validators", async () => {
    vi.resetModules();
    delete holder.__zod_globalConfig;
    makeZodJitless();
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
  });

  it("tells zod already loaded, too", async () => {
    const { z } = await import("zod");
    expect(z.config().jitless).not.toBe(true);
    makeZodJitless();
    expect(z.config().jitless).toBe(true);
  });
});
