// oidc-provider 9 prints "Unsupported runtime. Use Node.js v22.x LTS" when it is loaded on any
// Node.js before 22 LTS. The archive supports Node.js 20.9 and later like the dashboard (engines),
// and its whole test suite runs on 20; the library's check is about what its authors test on.
// This drops exactly that one line, once, and leaves every other warning alone (archive/README.md,
// "Node.js versions"). Imported before oidc-provider, so it is in place when the library loads.
export const UNSUPPORTED_RUNTIME = "oidc-provider WARNING: Unsupported runtime.";

const warn = console.warn;
console.warn = function quietUnsupportedRuntime(...args: unknown[]) {
  if (typeof args[0] === "string" && args[0].includes(UNSUPPORTED_RUNTIME)) {
    console.warn = warn;
    return;
  }
  warn.apply(console, args);
};
