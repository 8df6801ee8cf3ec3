// A SIP status and a plugin outcome as badges. Any status value the upstream invents is shown as
// sent, in the "in progress" colour; the words carry the meaning, the colour only repeats it.
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { statusTone } from "@/lib/ingest/watch/status-tone";
import type { PluginOutcome } from "@/lib/ingest/watch/plugin-reports";

const TONES: Record<ReturnType<typeof statusTone>, BadgeTone> = {
  success: "success",
  danger: "danger",
  progress: "accent",
  neutral: "neutral",
};

// The status word, or "not known yet".
export function SipStatusBadge({
  status,
  className,
}: {
  status: string | null;
  className?: string;
}) {
  return (
    <Badge tone={TONES[statusTone(status)]} className={className}>
      {status ?? "not known yet"}
    </Badge>
  );
}

const OUTCOME: Record<string, { tone: BadgeTone; label: string }> = {
  FAILURE: { tone: "danger", label: "FAILURE" },
  WARNING: { tone: "warning", label: "WARNING" },
  SUCCESS: { tone: "success", label: "SUCCESS" },
};

// A plugin report status (or the journal's outcome); unknown values neutral and verbatim.
export function PluginStatusBadge({
  status,
  className,
}: {
  status: PluginOutcome | string | null;
  className?: string;
}) {
  if (status === null) return <span className="text-ink-muted text-xs">no reports yet</span>;
  const known = OUTCOME[status];
  return (
    <Badge tone={known?.tone ?? "neutral"} className={className}>
      {known?.label ?? status}
    </Badge>
  );
}
