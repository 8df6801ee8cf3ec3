import type { ReactNode } from "react";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { Brand } from "./brand";

// The bar across the top: the brand on the left, the header slot and theme toggle on the right.
// `children` is the header slot (tenant picker, user menu), filled by the layout.
export function AppHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="border-line bg-surface sticky top-0 z-30 border-b">
      <div className="flex h-14 items-center gap-4 px-4 sm:px-6">
        <Brand />
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          {children}
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
