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

// Bouncy Castle's jars as Debian installs them (libbcprov-java, libbcpkix-java).
export const BOUNCY_CASTLE_CLASSPATH = ["bcprov", "bcpkix", "bcutil"]
  .map((jar) => `/usr/share/java/${jar}.jar`)
  .join(":");

// A JDK (single-file source launch compiles, so the JRE alone is not enough) and Bouncy Castle.
export const JAVA_WITH_BOUNCY_CASTLE = () =>
  toolAvailable(
    "java",
    ["-cp", BOUNCY_CASTLE_CLASSPATH, "--list-modules"],
    "apt-get install default-jdk-headless libbcprov-java libbcpkix-java",
  ) &&
  toolAvailable(
    "sh",
    [
      "-c",
      `java --list-modules | grep -q jdk.compiler && ls ${BOUNCY_CASTLE_CLASSPATH.replaceAll(":", " ")}`,
    ],
    "apt-get install default-jdk-headless libbcprov-java libbcpkix-java",
  );

// Runs ErsRenewal.java (Bouncy Castle's ERS classes) over `dataFile`, writing its records to `outDir`.
export function runBouncyCastleErs(dataFile: string, outDir: string, tsaUrl?: string): void {
  const source = new URL("./ErsRenewal.java", import.meta.url).pathname;
  const run = spawnSync(
    "java",
    [
      "-cp",
      BOUNCY_CASTLE_CLASSPATH,
      source,
      dataFile,
      outDir,
      ...(tsaUrl ? ["--tsa-url", tsaUrl] : []),
    ],
    { encoding: "utf8" },
  );
  if (run.status !== 0)
    throw new Error(`ErsRenewal.java failed: ${run.stderr || run.error?.message}`);
}
