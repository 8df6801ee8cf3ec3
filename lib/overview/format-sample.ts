// Formats and storage of the latest ingested packages: one read per package (the archive's
// answer for the SIP that made its latest ingested version, with `representations`), a few at a
// time, each kept for a minute. Pure apart from the `read` it is given.
import { countFormats, type Representation } from "./formats";
import type { FormatSample } from "./types";

export interface PackageRef {
  packageId: string;
  submissionName: string;
}

// What reading one package gave: its files, or that the archive no longer has it, or a failure.
export type PackageRead =
  | { kind: "files"; files: Representation[] }
  | { kind: "gone" }
  | { kind: "failed"; message: string };

// Newest first, one ref per package: the first (newest) ingested submission of each.
export function latestPerPackage<R extends PackageRef>(rows: readonly R[], limit: number): R[] {
  const seen = new Set<string>();
  const picked: R[] = [];
  for (const row of rows) {
    if (seen.has(row.packageId)) continue;
    seen.add(row.packageId);
    picked.push(row);
    if (picked.length === limit) break;
  }
  return picked;
}

// Runs `work` over `items`, at most `concurrency` at once, answers in input order.
export async function mapLimited<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

// The sample over `refs`; when every read failed, the first failure is the reason (the archive
// is down, or refuses the dashboard), since a page of zeros would say something false.
export async function sampleFormats(
  refs: readonly PackageRef[],
  read: (ref: PackageRef) => Promise<PackageRead>,
  options: { concurrency?: number; now?: Date } = {},
): Promise<FormatSample> {
  const reads = await mapLimited(refs, options.concurrency ?? 4, read);
  const failures = reads.filter((r) => r.kind === "failed");
  if (refs.length > 0 && failures.length === refs.length) {
    return { ok: false, message: failures[0]?.message ?? "The archive did not answer." };
  }
  const files = reads.flatMap((r) => (r.kind === "files" ? r.files : []));
  return {
    ok: true,
    packages: refs.length,
    read: reads.filter((r) => r.kind === "files").length,
    gone: reads.filter((r) => r.kind === "gone").length,
    unreadable: failures.length,
    files: files.length,
    bytes: files.reduce((n, f) => n + (f.size ?? 0), 0),
    formats: countFormats(files),
    readAt: (options.now ?? new Date()).toISOString(),
  };
}
