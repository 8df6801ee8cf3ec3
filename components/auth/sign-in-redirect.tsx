"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { signInPath } from "@/lib/auth/sign-in-path";

// Sends a signed-out visitor to sign in, remembering the page they asked for. Used where the
// server cannot know that page (a layout without proxy.ts's path header); renders no content.
export function SignInRedirect({ reason }: { reason?: "ended" }) {
  const router = useRouter();
  useEffect(() => {
    router.replace(signInPath(window.location.pathname + window.location.search, reason));
  }, [router, reason]);
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center p-6">
      <p className="text-ink-muted text-sm">
        {reason === "ended" ? "Your session has ended. " : "You are not signed in. "}
        <a href={signInPath(undefined, reason)} className="text-accent underline">
          Sign in
        </a>
      </p>
    </main>
  );
}
