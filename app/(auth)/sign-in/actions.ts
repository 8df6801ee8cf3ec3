"use server";
import "server-only";
import { redirect, unstable_rethrow } from "next/navigation";
import { PROVIDER_ID } from "@/lib/auth/config";
import { signIn } from "@/lib/auth/next-auth";
import { safeCallbackPath, signInPath } from "@/lib/auth/session";

// Starts the authorization-code flow; comes back to the page the user first asked for. Anyone
// can call an action with any arguments, so a missing form is an empty one.
export async function signInWithProvider(formData: unknown): Promise<void> {
  const sent = formData instanceof FormData ? formData.get("callbackUrl") : null;
  const callbackPath = safeCallbackPath(typeof sent === "string" ? sent : "") ?? "/";
  try {
    await signIn(PROVIDER_ID, { redirectTo: callbackPath });
  } catch (error) {
    // The redirect to the identity provider is thrown too; only real failures land below.
    unstable_rethrow(error);
    console.error(
      `[auth] sign-in could not start: ${error instanceof Error ? error.message : "unknown error"}`,
    );
    const back = signInPath(callbackPath);
    redirect(`${back}${back.includes("?") ? "&" : "?"}error=Unreachable`);
  }
}
