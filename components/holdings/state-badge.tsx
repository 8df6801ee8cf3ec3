// An object's state in the catalogue as a badge; the words carry the meaning, the colour repeats it.
import { plainBadgeClasses, type BadgeTone } from "@/components/ui/badge-tones";
import { STATE_LABEL, type CatalogueState } from "@/lib/catalogue/states";

const TONE: Record<CatalogueState, BadgeTone> = {
  ingesting: "accent",
  ingested: "success",
  failed: "danger",
  "deletion-requested": "warning",
  deleted: "neutral",
};

// Plain badge classes: nothing overrides them, and client lists need no tailwind-merge for it.
export function ObjectStateBadge({ state }: { state: CatalogueState }) {
  return <span className={plainBadgeClasses(TONE[state])}>{STATE_LABEL[state]}</span>;
}
