import type { ReactNode } from "react";
import { AppHeader } from "./app-header";
import { MainNav } from "./main-nav";
import { SkipLink } from "./skip-link";

export interface DashboardShellProps {
  children: ReactNode;
  // Controls for the right of the header, before the theme toggle (tenant picker, user menu).
  headerSlot?: ReactNode;
  // Administrators see the Admin section in the navigation.
  isAdmin: boolean;
}

// Header, navigation and the main landmark that every signed-in page sits in.
export function DashboardShell({ children, headerSlot, isAdmin }: DashboardShellProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink targetId="main" />
      <AppHeader>{headerSlot}</AppHeader>
      <div className="flex flex-1 flex-col lg:flex-row">
        <MainNav isAdmin={isAdmin} />
        {/* Focusable so the skip link moves keyboard focus here, not only the scroll position. */}
        <main
          id="main"
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-8 outline-none sm:px-6 lg:px-10 lg:py-10"
        >
          <div className="mx-auto w-full max-w-5xl">{children}</div>
        </main>
      </div>
    </div>
  );
}
