// Bundles the archive (src/main.ts, with the contract's TypeScript it imports) into dist/main.mjs,
// so that `npm start` runs plain JavaScript: no TypeScript loader in the archive's process (tsx
// keeps a loader thread and an esbuild service alive beside it, about 60 MB) and nothing
// transpiled at each start. Packages from node_modules stay imports, as in the sources.
//
//   node archive/build.mjs               build
//   node archive/build.mjs --if-changed  build only when a source is newer than the bundle
import { readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const dir = fileURLToPath(new URL(".", import.meta.url));
const outdir = path.join(dir, "dist");
export const BUNDLE = path.join(outdir, "main.mjs");
// The sources the last build read (esbuild's metafile), to tell whether it is out of date.
const INPUTS = path.join(outdir, "inputs.json");
// Besides those, what decides the output: this script and the packages installed.
const ALWAYS = [fileURLToPath(import.meta.url), path.join(dir, "package.json")];
const LOCKFILE = path.join(dir, "..", "package-lock.json");

const mtime = async (file) => (await stat(file).catch(() => null))?.mtimeMs;

// Bundled modules keep the addresses they compute from their own location (configuration,
// migrations): `import.meta.url` becomes the source file's URL, relative to the bundle.
const sourceUrls = {
  name: "source-urls",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const contents = await readFile(args.path, "utf8");
      if (!contents.includes("import.meta.url")) return undefined;
      const relative = path.relative(outdir, args.path).split(path.sep).join("/");
      const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return { contents: contents.replaceAll("import.meta.url", url), loader: "ts" };
    });
  },
};

// Only the contract (TypeScript, no build of its own) is bundled; other packages are imported.
const packagesExternal = {
  name: "packages-external",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@scriptorium/contract/") ? undefined : { external: true },
    );
  },
};

// Why the bundle must be built ("there is no build yet", "src/ingest/routes.ts changed"), or null.
export async function buildReason() {
  const built = await mtime(BUNDLE);
  if (built === undefined) return "there is no build yet";
  let inputs;
  try {
    inputs = JSON.parse(await readFile(INPUTS, "utf8"));
  } catch {
    return "the list of its sources is missing";
  }
  const lockfile = (await mtime(LOCKFILE)) === undefined ? [] : [LOCKFILE];
  for (const file of [...ALWAYS, ...lockfile, ...inputs.map((i) => path.resolve(dir, i))]) {
    const changed = await mtime(file);
    if (changed === undefined) return `${path.relative(dir, file)} is gone`;
    if (changed > built) return `${path.relative(dir, file)} changed`;
  }
  return null;
}

// The line oidc-provider prints on Node.js 20 is dropped by src/oidc/quiet-runtime-warning.ts,
// imported before the library. A bundle hoists the imports of packages above its own code, so
// the module is built apart and stays an import of the bundle, ahead of oidc-provider's.
const QUIET = "src/oidc/quiet-runtime-warning.ts";
const quietFirst = {
  name: "quiet-first",
  setup(build) {
    build.onResolve({ filter: /\/quiet-runtime-warning$/ }, () => ({
      path: "./quiet-runtime-warning.mjs",
      external: true,
    }));
  },
};

export async function build() {
  await esbuild.build({
    absWorkingDir: dir,
    entryPoints: [QUIET],
    outfile: path.join(outdir, "quiet-runtime-warning.mjs"),
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
  });
  const result = await esbuild.build({
    absWorkingDir: dir,
    entryPoints: ["src/main.ts"],
    outfile: BUNDLE,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // For NODE_OPTIONS=--enable-source-maps; Node reads it only then.
    sourcemap: true,
    metafile: true,
    logLevel: "warning",
    plugins: [quietFirst, sourceUrls, packagesExternal],
  });
  // Relative to this folder (absWorkingDir), so the clone may move.
  const inputs = [QUIET, ...Object.keys(result.metafile.inputs)];
  await writeFile(INPUTS, `${JSON.stringify(inputs, null, 1)}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const reason = process.argv.includes("--if-changed") ? await buildReason() : "asked to";
  if (reason) {
    console.log(`Building the archive (${reason}).`);
    await build();
  }
}
