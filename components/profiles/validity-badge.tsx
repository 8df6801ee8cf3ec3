import { Badge } from "@/components/ui/badge";
import type { ValidityState } from "@/lib/preservation/profile-text";

const LABEL: Record<ValidityState, { text: string; tone: "success" | "neutral" | "warning" }> = {
  active: { text: "Active", tone: "success" },
  upcoming: { text: "Not valid yet", tone: "warning" },
  expired: { text: "Expired", tone: "neutral" },
};

// Whether a profile can be used now, as a word (the colour only repeats it).
export function ValidityBadge({ state }: { state: ValidityState }) {
  const { text, tone } = LABEL[state];
  return <Badge tone={tone}>{text}</Badge>;
}
