import "server-only";
// Sign-out: end the session row (so the cookie is worthless even if kept), clear the cookie,
// then end the identity provider's session too when it offers an end-session endpoint.
import { getDb } from "@/lib/db";
import { recordAudit } from "@/lib/journal/audit";
import { signOut } from "./next-auth";
import { endSessionUrl } from "./oidc-client";
import { getCurrentSession } from "./session";
import { endSession, sessionIdToken } from "./session-store";
import { appUrl, oidcSettings } from "./settings";
import { SIGN_IN_PATH } from "./sign-in-path";

// Ends the current session and returns where the browser goes next.
export async function signOutCurrentSession(): Promise<string> {
  const session = await getCurrentSession();
  const idToken = session ? await sessionIdToken(await getDb(), session.id) : undefined;
  if (session) {
    await endSession(await getDb(), session.id, "signed-out");
    await recordAudit({
      actor: { id: session.user.id, name: session.user.name },
      action: "auth.sign-out",
      outcome: "success",
      tenant: session.tenant,
    });
  }
  await signOut({ redirect: false });
  return (await endSessionUrl(oidcSettings(), appUrl(SIGN_IN_PATH), idToken)) ?? SIGN_IN_PATH;
}
