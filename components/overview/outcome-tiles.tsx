import Link from "next/link";
import { clsx } from "clsx";
import { CARD_CLASSES } from "@/components/ui/card-classes";
import type { OutcomeTotals } from "@/lib/overview/types";

// "25%", "<1%", "—" (nothing to divide by).
export function percent(part: number, whole: number): string {
  if (whole <= 0) return "—";
  const value = (part / whole) * 100;
  if (value > 0 && value < 1) return "<1%";
  return `${Math.round(value)}%`;
}

// Two shares of one whole in whole percent that add up to 100% (88% and 12%, never 88% and 13%).
export function splitPercent(part: number, rest: number): [string, string] {
  const whole = part + rest;
  if (whole <= 0) return ["—", "—"];
  const first = Math.round((part / whole) * 100);
  const shown = (value: number, count: number) => (count > 0 && value === 0 ? "<1%" : `${value}%`);
  return [shown(first, part), shown(100 - first, rest)];
}

interface Tile {
  label: string;
  value: string;
  note: string;
  tone?: "success" | "danger" | "warning";
  href?: string;
}

const TONE = { success: "text-success", danger: "text-danger", warning: "text-warning" } as const;

// The window's outcomes as a row of figures, and for admins the review queue.
export function OutcomeTiles({
  outcomes,
  windowDays,
  reviewQueue,
}: {
  outcomes: OutcomeTotals;
  windowDays: number;
  reviewQueue: number | null;
}) {
  const [ingestedShare, failedShare] = splitPercent(outcomes.ingested, outcomes.failed);
  const tiles: Tile[] = [
    {
      label: "Submitted",
      value: String(outcomes.submitted),
      note: `in the last ${windowDays} days`,
    },
    {
      label: "Ingested",
      value: String(outcomes.ingested),
      note: `${ingestedShare} of finished submissions`,
      tone: "success",
    },
    {
      label: "Failed",
      value: String(outcomes.failed),
      note: `${failedShare} of finished submissions`,
      tone: "danger",
    },
    {
      label: "With plugin warnings",
      value: percent(outcomes.warned, outcomes.ingested),
      note: `${outcomes.warned} of ${outcomes.ingested} ingested`,
      tone: "warning",
    },
    { label: "In progress", value: String(outcomes.inProgress), note: "not finished yet" },
  ];
  if (outcomes.deleted > 0) {
    tiles.push({
      label: "Deleted since",
      value: String(outcomes.deleted),
      note:
        outcomes.deleted === 1
          ? "ingested package, deleted since"
          : "ingested packages, deleted since",
      href: "/objects?state=deleted",
    });
  }
  if (reviewQueue !== null) {
    tiles.push({
      label: "Review queue",
      value: String(reviewQueue),
      note: reviewQueue === 0 ? "nothing waits for review" : "finished, not reviewed yet",
      href: "/ingests?view=review",
    });
  }
  return (
    <section aria-labelledby="outcomes-heading" className="flex flex-col gap-3">
      <h2 id="outcomes-heading" className="sr-only">
        Outcomes in the last {windowDays} days
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        {tiles.map((tile) => (
          <div
            key={tile.label}
            className={clsx(
              CARD_CLASSES,
              "relative flex flex-col gap-1 px-4 py-3",
              tile.href &&
                "hover:border-line-strong has-[a:focus-visible]:outline-focus has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2",
            )}
          >
            <dt className="text-ink-muted text-xs font-medium">
              {tile.href ? (
                // The stretched link makes the tile one click target with one tab stop.
                <Link
                  href={tile.href}
                  className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
                >
                  {tile.label}
                </Link>
              ) : (
                tile.label
              )}
            </dt>
            <dd className="flex flex-col">
              <span
                className={clsx(
                  "text-2xl font-semibold tabular-nums",
                  tile.tone ? TONE[tile.tone] : "text-ink",
                )}
              >
                {tile.value}
              </span>
              <span className="text-ink-muted text-xs">{tile.note}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
