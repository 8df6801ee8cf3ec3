import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ESM script without type declarations
import { missingEntries, platformOf } from "./complete-lockfile.mjs";

describe("platformOf", () => {
  it("reads os, cpu and libc from a per-platform package name", () => {
    expect(platformOf("@next/swc-darwin-arm64")).toEqual({ os: ["darwin"], cpu: ["arm64"] });
    expect(platformOf("@next/swc-win32-x64-msvc")).toEqual({ os: ["win32"], cpu: ["x64"] });
    expect(platformOf("@tailwindcss/oxide-linux-arm-gnueabihf")).toEqual({
      os: ["linux"],
      cpu: ["arm"],
      libc: ["glibc"],
    });
    expect(platformOf("@unrs/resolver-binding-linux-riscv64-musl")).toEqual({
      os: ["linux"],
      cpu: ["riscv64"],
      libc: ["musl"],
    });
    expect(platformOf("@tailwindcss/oxide-wasm32-wasi")).toEqual({ cpu: ["wasm32"] });
  });
});

describe("missingEntries", () => {
  const lock = {
    packages: {
      "": { dependencies: { next: "16.0.0" } },
      "node_modules/next": {
        version: "16.0.0",
        optionalDependencies: {
          "@next/swc-linux-x64-gnu": "16.0.0",
          "@next/swc-darwin-arm64": "16.0.0",
        },
      },
      "node_modules/@next/swc-linux-x64-gnu": {
        version: "16.0.0",
        optional: true,
        os: ["linux"],
        cpu: ["x64"],
      },
    },
  };

  it("adds an entry, skipped on other platforms, for each optional dependency the lockfile lacks", () => {
    expect(missingEntries(lock)).toEqual({
      "node_modules/@next/swc-darwin-arm64": {
        version: "16.0.0",
        optional: true,
        os: ["darwin"],
        cpu: ["arm64"],
      },
    });
  });

  it("finds nothing to add once the entries are there", () => {
    const completed = { packages: { ...lock.packages, ...missingEntries(lock) } };
    expect(missingEntries(completed)).toEqual({});
  });

  it("nests the entry when another version holds the top-level place", () => {
    const nested = {
      packages: {
        "node_modules/@next/swc-darwin-arm64": { version: "15.0.0", optional: true },
        "node_modules/old": {
          version: "1.0.0",
          optionalDependencies: { "@next/swc-darwin-arm64": "15.0.0" },
        },
        "node_modules/other/node_modules/next": {
          version: "16.1.0",
          optionalDependencies: { "@next/swc-darwin-arm64": "16.1.0" },
        },
      },
    };
    expect(missingEntries(nested)).toEqual({
      "node_modules/other/node_modules/next/node_modules/@next/swc-darwin-arm64": {
        version: "16.1.0",
        optional: true,
        os: ["darwin"],
        cpu: ["arm64"],
      },
    });
  });

  it("refuses a range it cannot complete by name", () => {
    const ranged = {
      packages: {
        "node_modules/a": { version: "1.0.0", optionalDependencies: { "a-darwin-x64": "^1.0.0" } },
      },
    };
    expect(() => missingEntries(ranged)).toThrow(/not an exact version/);
  });
});
