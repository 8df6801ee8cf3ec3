import { clsx } from "clsx";
import { CARD_CLASSES } from "@/components/ui/card-classes";
import { topFormats } from "@/lib/overview/top-formats";
import type { FormatSample } from "@/lib/overview/types";
import { formatBytes } from "@/lib/upload/format";
import { TimeAgo } from "./time-ago";

const SHOWN = 8;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

// What the sample covers, said on the page: which packages, and which of them could not be read.
export function coverageSentence(sample: Extract<FormatSample, { ok: true }>): string {
  const base = `Files of the last ${plural(sample.packages, "ingested package", "ingested packages")} (the latest version of each), as the archive identified them.`;
  const notes: string[] = [];
  if (sample.gone > 0)
    notes.push(`${plural(sample.gone, "package is", "packages are")} no longer in the archive`);
  if (sample.unreadable > 0)
    notes.push(`${plural(sample.unreadable, "package", "packages")} could not be read just now`);
  return notes.length > 0 ? `${base} ${notes.join("; ")}.` : base;
}

// Formats identified and storage used, from the archive's answers for the sampled packages.
export function FormatsCard({ sample, now }: { sample: FormatSample; now: Date }) {
  return (
    <div className={clsx(CARD_CLASSES, "flex min-w-0 flex-col")}>
      <section aria-labelledby="formats-title" className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex flex-col gap-1">
          <h2 id="formats-title" className="text-ink text-base font-semibold">
            Formats identified
          </h2>
          <p className="text-ink-muted text-sm">
            {sample.ok
              ? coverageSentence(sample)
              : "Formats and storage come from the archive, which did not answer."}
          </p>
        </div>
        {!sample.ok ? (
          <p role="status" className="bg-warning-soft text-warning rounded-lg px-3 py-2 text-sm">
            {sample.message}
          </p>
        ) : sample.packages === 0 ? (
          <p className="text-ink-muted text-sm">
            No package has been ingested yet, so there are no formats to show.
          </p>
        ) : (
          <FormatList sample={sample} now={now} />
        )}
      </section>
    </div>
  );
}

function FormatList({ sample, now }: { sample: Extract<FormatSample, { ok: true }>; now: Date }) {
  const formats = topFormats(sample.formats, SHOWN);
  const most = Math.max(1, ...formats.map((f) => f.files));
  return (
    <>
      <dl className="grid grid-cols-2 gap-3">
        <div className="bg-surface-muted rounded-lg px-3 py-2">
          <dt className="text-ink-muted text-xs">Storage used by these packages</dt>
          <dd className="text-ink text-lg font-semibold tabular-nums">
            {formatBytes(sample.bytes)}
          </dd>
        </div>
        <div className="bg-surface-muted rounded-lg px-3 py-2">
          <dt className="text-ink-muted text-xs">Files</dt>
          <dd className="text-ink text-lg font-semibold tabular-nums">
            {sample.files} in {plural(sample.read, "package", "packages")}
          </dd>
        </div>
      </dl>
      {formats.length === 0 ? (
        <p className="text-ink-muted text-sm">The packages read hold no files.</p>
      ) : (
        <ol className="flex flex-col gap-2.5" aria-label="Formats, most files first">
          {formats.map((f) => (
            <li key={`${f.formatName}-${f.puid ?? ""}`} className="flex flex-col gap-1">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="text-ink min-w-0 truncate" title={f.formatName}>
                  {f.formatName}
                  {f.puid ? (
                    <span className="text-ink-muted font-mono text-xs"> {f.puid}</span>
                  ) : null}
                </span>
                <span className="text-ink-muted shrink-0 text-xs tabular-nums">
                  {plural(f.files, "file", "files")}, {formatBytes(f.bytes)}
                </span>
              </div>
              <div
                aria-hidden="true"
                className="bg-surface-muted h-1.5 overflow-hidden rounded-full"
              >
                <div
                  className="bg-accent h-full rounded-full"
                  style={{ width: `${(f.files / most) * 100}%` }}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
      <p className="text-ink-muted text-xs">
        Asked <TimeAgo iso={sample.readAt} now={now} />; each package&apos;s answer is reused for a
        minute.
      </p>
    </>
  );
}
