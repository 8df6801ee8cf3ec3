// Where the sign-in page is and how a signed-out visitor finds their way back afterwards.
// Pure (no server imports), so the layout's client fallback can use it too.

export const SIGN_IN_PATH = "/sign-in";

// A same-site path to return to after sign-in, or undefined for anything else
// (absolute URLs, protocol-relative "//host" and "/\host" would leave the site).
export function safeCallbackPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return undefined;
  }
  return value;
}

// The sign-in page URL that returns to `callbackPath` afterwards; `ended` says why.
export function signInPath(callbackPath?: string, reason?: "ended"): string {
  const query = new URLSearchParams();
  const back = safeCallbackPath(callbackPath);
  if (back && back !== "/" && !back.startsWith(SIGN_IN_PATH)) query.set("callbackUrl", back);
  if (reason) query.set("reason", reason);
  const search = query.toString();
  return search ? `${SIGN_IN_PATH}?${search}` : SIGN_IN_PATH;
}
