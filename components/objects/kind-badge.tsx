import { Badge } from "@/components/ui/badge";
import { Term } from "@/components/ui/term";
import { contentKind } from "./object-view";

// What a part of an object holds ("JSON", "PDF"), the protocol's field for it in a tooltip.
export function KindBadge({ mimeType, xml }: { mimeType?: string | undefined; xml: boolean }) {
  const kind = contentKind({ mimeType, xml });
  return (
    <Badge tone={xml ? "accent" : "neutral"}>
      <Term term={kind.term}>{kind.label}</Term>
    </Badge>
  );
}
