// An object's state in the catalogue as a badge; the words carry the meaning, the colour repeats it.
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { STATE_LABEL, type CatalogueState } from "@/lib/catalogue/states";

const TONE: Record<CatalogueState, BadgeTone> = {
  ingesting: "accent",
  ingested: "success",
  failed: "danger",
  "deletion-requested": "warning",
  deleted: "neutral",
};

export function ObjectStateBadge({
  state,
  className,
}: {
  state: CatalogueState;
  className?: string;
}) {
  return (
    <Badge tone={TONE[state]} className={className}>
      {STATE_LABEL[state]}
    </Badge>
  );
}
