// The first-run tour's stops: the main flows in the order a newcomer meets them.
import type { ComponentType, SVGProps } from "react";
import { NAV_ITEMS } from "@/components/shell/nav-items";

export interface TourStep {
  href: string;
  title: string;
  text: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const TEXT: Record<string, string> = {
  "/": "Your archive at a glance: how many packages arrive each day, how many are ingested or fail, how long the archive takes, and which file formats it found.",
  "/ingest":
    "Send a package: drop its files, describe it with a metadata form, choose a profile. Large files go straight to the archive with a checksum.",
  "/ingests":
    "Follow every submission until it is ingested or fails, with the plugins' reports. Administrators review failures and warnings here.",
  "/objects":
    "Find preserved objects by identifier or metadata, open their versions and files, and download the evidence that proves they are unchanged.",
  "/profiles":
    "What the archive promises: each preservation profile's evidence format, retention and the formats it accepts.",
};

const ORDER = ["/", "/ingest", "/ingests", "/objects", "/profiles"];

// The steps, built from the navigation so names and icons match what the user sees there.
export const TOUR_STEPS: readonly TourStep[] = ORDER.flatMap((href) => {
  const item = NAV_ITEMS.find((n) => n.href === href);
  return item
    ? [{ href, title: item.label, text: TEXT[href] ?? item.summary, icon: item.icon }]
    : [];
});

// The step after (+1) or before (-1) `index`, kept within the tour.
export function stepAfter(index: number, delta: 1 | -1, count = TOUR_STEPS.length): number {
  return Math.min(count - 1, Math.max(0, index + delta));
}
