// For tests that check the archive against tools it did not write (xmllint, OpenSSL, a JDK with
// Bouncy Castle): whether the tool is here. A developer without it gets the tests skipped with a
// sentence saying what to install; CI (CI=true) installs them, so there a missing tool fails.
import { spawnSync } from "node:child_process";

export function toolAvailable(command: string, args: string[], install: string): boolean {
  const run = spawnSync(command, args, { stdio: "ignore" });
  if (!run.error && run.status === 0) return true;
  const message = `${command} is not installed, so the tests that use it cannot run: ${install}.`;
  if (process.env.CI === "true" || process.env.CI === "1") throw new Error(message);
  console.warn(`Skipped: ${message}`);
  return false;
}

export const XMLLINT = () =>
  toolAvailable("xmllint", ["--version"], "apt-get install libxml2-utils");
