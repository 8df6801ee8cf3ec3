#!/usr/bin/env node
// Completes package-lock.json with the platform packages a registry mirror does not serve.
//
// Packages such as next, tailwindcss and the eslint resolver list one optional dependency per
// platform (`@next/swc-darwin-arm64`, `@tailwindcss/oxide-win32-x64-msvc`, ...). A mirror that
// carries only the Linux builds answers 404 for the others, so `npm install` leaves them out of
// the lockfile, and `npm ci` then refuses the lockfile as out of sync ("Missing: ... from lock
// file"). This script adds an entry for each missing one, with the platform (`os`, `cpu`, `libc`)
// read from its name so that npm skips it on every other platform; where the real registry is
// reachable (macOS, Windows), `npm ci` fetches the one that matches by name and version.
//
//   node scripts/complete-lockfile.mjs          add the missing entries (run after `npm install`)
//   node scripts/complete-lockfile.mjs --check  exit 1 and name them when any is missing
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const lockPath = fileURLToPath(new URL("../package-lock.json", import.meta.url));

const OS = [
  "darwin",
  "linux",
  "win32",
  "freebsd",
  "android",
  "openbsd",
  "netbsd",
  "sunos",
  "aix",
  "openharmony",
];
const CPU = ["arm64", "x64", "ia32", "arm", "ppc64", "s390x", "riscv64", "loong64", "wasm32"];

/** Reads the platform a per-platform package is built for from its name, as npm's `os`/`cpu`/`libc`. */
export function platformOf(name) {
  const base = name.includes("/") ? name.slice(name.indexOf("/") + 1) : name;
  const words = base.split(/[-_.]/);
  const fields = {};
  const os = OS.filter((o) => words.includes(o) || (o === "win32" && words.includes("windows")));
  if (os.length === 1) fields.os = os;
  const cpu = CPU.filter((c) => words.includes(c));
  if (cpu.length === 1) fields.cpu = cpu;
  if (os[0] === "linux") {
    if (words.includes("musl")) fields.libc = ["musl"];
    else if (words.includes("gnu") || words.includes("gnueabihf")) fields.libc = ["glibc"];
  }
  return fields;
}

/** Where npm would find `dep` when required from the package at `from` (a lockfile key). */
function resolves(packages, from, dep) {
  let dir = from;
  for (;;) {
    const key = dir ? `${dir}/node_modules/${dep}` : `node_modules/${dep}`;
    if (packages[key]) return key;
    if (!dir) return null;
    const cut = dir.lastIndexOf("/node_modules/");
    dir = cut === -1 ? "" : dir.slice(0, cut);
  }
}

/** Returns the entries to add: lockfile key → entry. */
export function missingEntries(lock) {
  const packages = lock.packages ?? {};
  const add = {};
  for (const [key, pkg] of Object.entries(packages)) {
    for (const [dep, spec] of Object.entries(pkg.optionalDependencies ?? {})) {
      const found = resolves(packages, key, dep) ?? resolves(add, key, dep);
      const at = found && (packages[found] ?? add[found]);
      if (at && at.version === spec) continue;
      if (at && !/^\d/.test(spec)) continue; // a range met by whatever npm placed there
      if (!/^\d+\.\d+\.\d+(?:-[\w.]+)?$/.test(spec)) {
        throw new Error(
          `${key} wants ${dep}@${spec}: not an exact version, so it cannot be completed by name`,
        );
      }
      const target =
        packages[`node_modules/${dep}`] || add[`node_modules/${dep}`]
          ? `${key}/node_modules/${dep}`
          : `node_modules/${dep}`;
      add[target] = { version: spec, optional: true, ...platformOf(dep) };
    }
  }
  return add;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lock = JSON.parse(readFileSync(lockPath, "utf8"));
  const add = missingEntries(lock);
  const keys = Object.keys(add);
  if (process.argv.includes("--check")) {
    if (keys.length) {
      console.error(
        `package-lock.json lacks ${keys.length} platform package(s), so \`npm ci\` would refuse it:\n  ` +
          keys.join("\n  ") +
          "\nRun `node scripts/complete-lockfile.mjs` and commit the lockfile.",
      );
      process.exit(1);
    }
    console.log("package-lock.json lists every platform package `npm ci` expects.");
  } else {
    const packages = { ...lock.packages, ...add };
    lock.packages = Object.fromEntries(
      Object.entries(packages).sort(([a], [b]) =>
        a === "" ? -1 : b === "" ? 1 : a.localeCompare(b),
      ),
    );
    writeFileSync(lockPath, JSON.stringify(lock, null, 2) + "\n");
    console.log(
      keys.length
        ? `Added ${keys.length} platform package(s):\n  ${keys.join("\n  ")}`
        : "Nothing to add.",
    );
  }
}
