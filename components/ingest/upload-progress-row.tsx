// One file's upload: name, bytes, rate, time left, retries, and cancel or retry. Presentational:
// feed it the uploader's events (see UploadRowState); screen readers hear milestones only.
import { Button } from "@/components/ui/button";
import { uploadRowText, type UploadRowState } from "@/lib/upload/progress-text";
import { cn } from "@/lib/utils";

export interface UploadProgressRowProps {
  name: string;
  state: UploadRowState;
  onCancel?: () => void;
  onRetry?: () => void;
  className?: string;
}

const ACTIVE = new Set<UploadRowState["phase"]>(["queued", "hashing", "uploading", "waiting"]);

// A row with a progress bar; the cancel button shows while the upload runs, retry after it ended badly.
export function UploadProgressRow({
  name,
  state,
  onCancel,
  onRetry,
  className,
}: UploadProgressRowProps) {
  const { status, percent, announcement } = uploadRowText(name, state);
  const failed = state.phase === "failed";
  const done = state.phase === "done";
  return (
    <div className={cn("border-line flex flex-col gap-2 rounded-lg border px-4 py-3", className)}>
      <div className="flex items-center gap-3">
        <p className="text-ink min-w-0 flex-1 truncate text-sm font-medium" title={name}>
          {name}
        </p>
        {ACTIVE.has(state.phase) && onCancel ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={onCancel}
            aria-label={`Cancel the upload of ${name}`}
          >
            Cancel
          </Button>
        ) : null}
        {(failed || state.phase === "cancelled") && onRetry ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={onRetry}
            aria-label={`Upload ${name} again`}
          >
            Try again
          </Button>
        ) : null}
      </div>
      <div
        role="progressbar"
        aria-label={`Upload of ${name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={status}
        className="bg-surface-muted h-1.5 w-full overflow-hidden rounded-full"
      >
        <div
          className={cn(
            // Moved, not resized: a transform eases on the compositor, where a width would lay the
            // page out again on every frame of a long upload.
            "h-full rounded-full transition-transform duration-300 motion-reduce:transition-none",
            failed
              ? "bg-danger"
              : done
                ? "bg-success"
                : state.phase === "hashing"
                  ? "bg-accent/50"
                  : "bg-accent",
            percent === null && !failed ? "w-1/3 motion-safe:animate-pulse" : "w-full",
          )}
          style={percent === null ? undefined : { transform: `translateX(${percent - 100}%)` }}
        />
      </div>
      <p
        className={cn(
          "text-xs tabular-nums",
          failed ? "text-danger font-medium" : done ? "text-success" : "text-ink-muted",
        )}
      >
        {status}
      </p>
      <p className="sr-only" aria-live={failed ? "assertive" : "polite"}>
        {announcement}
      </p>
    </div>
  );
}
