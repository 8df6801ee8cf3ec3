// How each document will reach the archive, and why: the upload plan in words, with the size of
// the request against its limit. Presentational: pass it planUpload's result.
import { useId } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { AlertIcon } from "@/components/ui/icons";
import { formatBytes } from "@/lib/upload/format";
import type { UploadMethod, UploadPlan } from "@/lib/upload/planner";
import { cn } from "@/lib/utils";

const METHODS: Record<UploadMethod, { label: string; tone: BadgeTone }> = {
  inline: { label: "In the request", tone: "accent" },
  upload: { label: "Uploaded first", tone: "neutral" },
  url: { label: "Fetched by the archive", tone: "neutral" },
  refused: { label: "Too large", tone: "danger" },
};

export interface UploadPlanViewProps {
  plan: UploadPlan;
  // Headings must not skip levels: 2 directly under the page title, 3 inside a card.
  headingLevel?: 2 | 3;
  className?: string;
}

// The plan's decisions with their reasons, the request size, and what must change before sending.
export function UploadPlanView({ plan, headingLevel = 3, className }: UploadPlanViewProps) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { bodyBytes, options, decisions, problems } = plan;
  const share = Math.min(100, Math.round((bodyBytes / options.limitBytes) * 100));
  const over = bodyBytes > options.limitBytes;
  return (
    <section aria-labelledby={headingId} className={cn("flex flex-col gap-4", className)}>
      <div className="flex flex-col gap-2">
        <Heading id={headingId} className="text-ink text-base font-semibold">
          How the files reach the archive
        </Heading>
        <p className="text-ink-muted text-sm">
          The request to the archive will be{" "}
          <span className={cn("font-medium", over ? "text-danger" : "text-ink")}>
            {formatBytes(bodyBytes)}
          </span>{" "}
          of its {formatBytes(options.limitBytes)} limit.
        </p>
        <div
          className="bg-surface-muted h-1.5 w-full max-w-md overflow-hidden rounded-full"
          aria-hidden="true"
        >
          <div
            className={cn("h-full rounded-full", over ? "bg-danger" : "bg-accent")}
            style={{ width: `${share}%` }}
          />
        </div>
      </div>
      {decisions.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {decisions.map((decision) => (
            <li
              key={decision.id}
              className="border-line flex flex-col gap-1.5 rounded-lg border px-4 py-3 sm:flex-row sm:items-start sm:gap-3"
            >
              <Badge tone={METHODS[decision.method].tone} className="w-fit shrink-0">
                {METHODS[decision.method].label}
              </Badge>
              <p className="text-ink text-sm">{decision.reason}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <div aria-live="polite">
        {problems.length > 0 ? (
          <div className="border-danger/30 bg-danger-soft flex gap-3 rounded-lg border px-4 py-3">
            <AlertIcon className="text-danger mt-0.5 size-4 shrink-0" />
            <ul className="text-danger flex flex-col gap-1 text-sm font-medium">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}
