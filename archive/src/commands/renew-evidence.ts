// `npm run archive -- renew-evidence [--all | <poId>...] [--mode timestamp|hashtree] [--tenant <t>]`:
// renews the evidence of the objects named (in every tenant that has one by that id, or only in
// --tenant), or of every object with --all, and prints what it renewed. It opens the archive's
// database itself: on PGlite the archive must not be running (PGlite serves one process).
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { RENEWAL_MODES, type RenewalMode } from "@scriptorium/contract/preservation/extensions";
import { openBlobStore } from "../blobs/store";
import type { ArchiveConfig } from "../config";
import { openArchiveDb } from "../db/client";
import { packages } from "../db/schema";
import { loadArchiveTsa } from "../preservation/tsa-key";
import { renewObject, RenewalRefused } from "../preservation/renewal";

export const RENEW_USAGE =
  "Usage: npm run archive -- renew-evidence [--all | <poId>...] [--mode timestamp|hashtree] [--tenant <tenant>]";

export function parseRenewArgs(args: string[]): {
  all: boolean;
  poIds: string[];
  mode: RenewalMode;
  tenant?: string;
} {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      all: { type: "boolean", default: false },
      mode: { type: "string", default: "timestamp" },
      tenant: { type: "string" },
    },
  });
  const mode = values.mode as RenewalMode;
  if (!RENEWAL_MODES.includes(mode))
    throw new Error(
      `--mode must be ${RENEWAL_MODES.join(" or ")}, not "${values.mode}". ${RENEW_USAGE}`,
    );
  if (values.all === positionals.length > 0)
    throw new Error(`Name the objects to renew, or --all (not both). ${RENEW_USAGE}`);
  return {
    all: values.all,
    poIds: positionals,
    mode,
    ...(values.tenant ? { tenant: values.tenant } : {}),
  };
}

// Renews and prints; answers the process exit code (0 when everything named was renewed).
export async function runRenewEvidence(
  config: ArchiveConfig,
  args: string[],
  print: (line: string) => void = console.log,
): Promise<number> {
  const options = parseRenewArgs(args);
  const database = await openArchiveDb({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
  });
  let failures = 0;
  try {
    const deps = {
      db: database.db,
      blobs: await openBlobStore(config.dataDir, { locks: database.blobLocks }),
      tsa: (await loadArchiveTsa(config)).tsa,
    };
    // Deleted objects count too: evidence kept after OnlySubDOs is renewed like any other.
    const known = await database.db
      .select({ tenant: packages.tenant, packageId: packages.packageId })
      .from(packages)
      .where(options.tenant ? eq(packages.tenant, options.tenant) : undefined);
    const targets = options.all ? known : known.filter((p) => options.poIds.includes(p.packageId));
    for (const poId of options.poIds) {
      if (!targets.some((t) => t.packageId === poId)) {
        print(`${poId}: no such object${options.tenant ? ` in tenant ${options.tenant}` : ""}.`);
        failures++;
      }
    }
    for (const { tenant, packageId } of targets) {
      try {
        const renewed = await renewObject(
          deps,
          tenant,
          packageId,
          options.mode,
          "archive (command line)",
        );
        for (const r of renewed)
          print(
            `${tenant}/${packageId} version ${r.versionId}: ${r.mode} renewal, ${r.algorithm} time-stamp at ${r.time}`,
          );
      } catch (error) {
        if (!(error instanceof RenewalRefused)) throw error;
        print(`${tenant}/${packageId}: ${error.message}`);
        failures++;
      }
    }
    print(
      `Renewed the evidence of ${targets.length - failures} object(s)${failures ? `; ${failures} could not be renewed` : ""}.`,
    );
  } finally {
    await database.close();
  }
  return failures === 0 ? 0 : 1;
}
