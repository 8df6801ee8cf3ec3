import type { ReactNode } from "react";

// Plain words with the protocol's own term in a tooltip (and for screen readers, the abbr's title).
export function Term({ term, children }: { term: string; children: ReactNode }) {
  return (
    <abbr title={`Protocol term: ${term}`} className="cursor-help underline decoration-dotted">
      {children}
    </abbr>
  );
}
