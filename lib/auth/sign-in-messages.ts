// What the sign-in page tells a person after a failed or ended sign-in (?error=, ?reason=).

const MESSAGES: Record<string, string> = {
  Unreachable:
    "The identity provider could not be reached, so signing in could not start. Try again in a minute; if it keeps happening, tell an administrator.",
  Configuration:
    "Signing in failed: the identity provider could not be reached or the dashboard's sign-in settings are wrong. Try again; if it keeps happening, tell an administrator.",
  AccessDenied: "You are not allowed to sign in to Scriptorium with this account.",
  OAuthCallbackError:
    "The identity provider did not complete the sign-in (it was cancelled or refused). Try again.",
  NoTenant:
    "Your account has no tenant, so there is nothing you could work on yet. Ask an administrator to give you access to a tenant, then sign in again.",
  MissingCSRF: "The sign-in form had expired. Try again.",
};

const FALLBACK = "Signing in failed. Try again; if it keeps happening, tell an administrator.";

// The sentence for an error code, or for a session that ended; undefined when all is well.
export function signInMessage(error?: string, reason?: string): string | undefined {
  if (error) return MESSAGES[error] ?? FALLBACK;
  if (reason === "ended") return "Your session has ended. Sign in again to continue.";
  return undefined;
}
