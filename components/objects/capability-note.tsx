// Why an operation the vendor marks "not available yet" is not offered here: the archive said it
// does not support it, or the dashboard could not ask just now.
import type { Capability } from "@/lib/preservation/capabilities";

export interface CapabilityNoteProps {
  // What is missing, as the start of a sentence: "Adding a version".
  what: string;
  operation: string;
  capability: Capability;
}

// One muted paragraph naming the operation and the reason.
export function CapabilityNote({ what, operation, capability }: CapabilityNoteProps) {
  const lead =
    capability.available === null
      ? `${what} is not offered for now`
      : `${what} is not offered by this archive`;
  return (
    <p className="border-line bg-surface-muted text-ink-muted rounded-lg border px-4 py-3 text-sm">
      {lead}: {capability.reason} <span className="whitespace-nowrap">(operation {operation})</span>
    </p>
  );
}
