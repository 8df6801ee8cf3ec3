import type { ComponentType, SVGProps } from "react";
import {
  ArchiveIcon,
  FolderIcon,
  GridIcon,
  LayersIcon,
  ListIcon,
  ShieldIcon,
  UploadIcon,
} from "@/components/ui/icons";

export interface NavItem {
  href: string;
  label: string;
  // One line under the label where there is room (the overview's cards).
  summary: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  // Shown to administrators only; the pages and routes refuse everyone else on their own.
  adminOnly?: boolean;
}

// The dashboard's sections in navigation order.
export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/", label: "Overview", summary: "Your archive at a glance.", icon: GridIcon },
  {
    href: "/profiles",
    label: "Profiles",
    summary: "The preservation profiles the archive offers.",
    icon: LayersIcon,
  },
  {
    href: "/ingest",
    label: "Ingest",
    summary: "Send a new package with its files and metadata.",
    icon: UploadIcon,
  },
  {
    href: "/batch",
    label: "Batch",
    summary: "Send a folder and its metadata spreadsheet as many packages.",
    icon: FolderIcon,
  },
  {
    href: "/ingests",
    label: "Ingests",
    summary: "Packages you submitted and where each one stands.",
    icon: ListIcon,
  },
  {
    href: "/objects",
    label: "Objects",
    summary: "Preserved objects, their versions and evidence.",
    icon: ArchiveIcon,
  },
  {
    href: "/admin",
    label: "Admin",
    summary: "Deletion approvals, the audit log and settings.",
    icon: ShieldIcon,
    adminOnly: true,
  },
];

// The sections a user with these rights may open.
export function navItemsFor(isAdmin: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => isAdmin || !item.adminOnly);
}
