import type { ReactNode } from "react";
import { DashboardShell } from "@/components/shell/dashboard-shell";

// Every signed-in page: header, navigation and the main landmark.
export default function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <DashboardShell
      headerSlot={
        // Header slot: the tenant picker and the user menu go here (the auth task), before the
        // theme toggle, e.g. <><TenantPicker /><UserMenu /></>.
        null
      }
    >
      {children}
    </DashboardShell>
  );
}
