import type { ReactNode } from "react";
import { Brand } from "@/components/shell/brand";

// The signed-out shell: the brand and one centred column, no navigation.
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-line bg-surface border-b">
        <div className="flex h-14 items-center px-4 sm:px-6">
          <Brand />
        </div>
      </header>
      <main id="main" className="flex flex-1 justify-center px-4 py-10 sm:py-16">
        <div className="w-full max-w-lg">{children}</div>
      </main>
    </div>
  );
}
