"use client";

import { useEffect, type ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { Toaster } from "@/components/ui/toaster";
import { rememberTimeZone } from "@/lib/overview/time-zone-cookie";
import { getQueryClient } from "@/lib/query-client";
import { makeZodJitless } from "@/lib/zod-jitless";

makeZodJitless();

// React warns about <script> rendered on the client; next-themes' script only matters in the
// server HTML, so the browser copy is marked inert (Next's "Preventing Flash" guide).
const themeScriptProps = {
  type: typeof window === "undefined" ? "text/javascript" : "text/plain",
};

// Client-side context for the whole app: theme, server-state cache and toasts.
export function Providers({ children, nonce }: { children: ReactNode; nonce?: string }) {
  // Not useState: without a Suspense boundary above, React would drop a client created during a
  // suspended first render (TanStack's nextjs-app-prefetching example).
  const queryClient = getQueryClient();
  // From the sign-in page on, so the overview can be sent with its figures counted in this zone.
  useEffect(rememberTimeZone, []);
  return (
    <ThemeProvider
      attribute="class"
      defaultTheme="system"
      enableSystem
      disableTransitionOnChange
      scriptProps={themeScriptProps}
      nonce={nonce}
    >
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
