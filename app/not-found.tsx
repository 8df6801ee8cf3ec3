import type { Metadata } from "next";
import { Brand } from "@/components/shell/brand";
import { NotFoundState } from "@/components/shell/not-found-state";

export const metadata: Metadata = { title: "Page not found" };

// Addresses outside every route: a plain page with the brand, outside the signed-in shell.
export default function NotFound() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-line bg-surface border-b px-4 py-3 sm:px-6">
        <Brand />
      </header>
      <main className="flex flex-1 items-center justify-center">
        <NotFoundState />
      </main>
    </div>
  );
}
