// zod probes whether it may compile validators with `new Function`; the pages' CSP has no
// 'unsafe-eval', so the probe only logs a violation. zod keeps its settings on
// globalThis.__zod_globalConfig (shared by every copy of zod, adopted when zod loads later), so the
// flag is set there: importing zod to call z.config would put zod into every page's script, where
// only some pages parse with it. (A probe that did run would show as a console error in the
// every-page e2e check.)
export function makeZodJitless(): void {
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (holder.__zod_globalConfig ??= {}).jitless = true;
}
