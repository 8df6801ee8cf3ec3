"use client";

import { useEffect, type ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { config as zodConfig } from "zod/v4/core";
import { Toaster } from "@/components/ui/toaster";
import { rememberTimeZone } from "@/lib/overview/time-zone-cookie";
import { getQueryClient } from "@/lib/query-client";

// zod probes whether it may compile validators with `new Function`; the pages' CSP has no
// 'unsafe-eval', so the probe only logs a violation. Tell it not to try. (Only zod's settings are
// imported here: the pages that parse with zod load the rest.)
zodConfig({ jitless: true });

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
