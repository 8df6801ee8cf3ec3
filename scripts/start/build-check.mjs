// Whether `next build` must run before `next start`: no build yet, or a source is newer.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";

// What the Next.js build reads: the dashboard and the contract package it shares with the archive.
// Tests, the archive, e2e and scripts do not change its output.
const SOURCE_DIRS = ["app", "components", "lib", "public", "packages/contract/src"];
const SOURCE_FILES = [
  "next.config.js",
  "next.config.mjs",
  "next.config.ts",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "tsconfig.build.json",
  "postcss.config.mjs",
  "proxy.ts",
  "instrumentation.ts",
  ".env",
  ".env.local",
  ".env.production",
  ".env.production.local",
];
const IGNORED = /\.test\.(ts|tsx)$|(^|\/)\.DS_Store$/;

async function mtime(file) {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return undefined;
  }
}

async function newestIn(dir) {
  let newest = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    if (IGNORED.test(file)) continue;
    newest = Math.max(newest, (await mtime(file)) ?? 0);
  }
  return newest;
}

// A reason to build ("no build yet", "lib/auth/config.ts changed"), or null when up to date.
export async function buildReason(root) {
  const built = await mtime(path.join(root, ".next", "BUILD_ID"));
  if (built === undefined) return "there is no build yet";
  for (const dir of SOURCE_DIRS) {
    if ((await newestIn(path.join(root, dir))) > built)
      return `${dir}/ changed since the last build`;
  }
  for (const file of SOURCE_FILES) {
    if (((await mtime(path.join(root, file))) ?? 0) > built)
      return `${file} changed since the last build`;
  }
  return null;
}
