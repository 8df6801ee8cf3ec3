// Where the sign-in page is and how a signed-out visitor finds their way back afterwards.
// Pure (no server imports), so the layout's client fallback can use it too.

export const SIGN_IN_PATH = "/sign-in";

// An origin no request ever has: a candidate that resolves elsewhere tried to leave the site.
const PLACEHOLDER_ORIGIN = "http://placeholder.invalid";

// C0 controls and DEL: browsers drop tab, CR and LF from a Location ("/\t/evil.example" becomes
// "//evil.example") and Node refuses the others in a header.
const CONTROL = /[\u0000-\u001f\u007f]/;

// A path whose percent-escapes do not decode ("/%ff") is no page: the router refuses it.
function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

// A same-site path to return to after sign-in, normalised as a browser would resolve it
// (percent-encoded, dot segments removed, backslashes as slashes), or undefined for anything that
// would leave the site or cannot be a path: absolute URLs, "//host", "/\host", "/.//host",
// control characters, malformed percent-escapes. What it returns is printable ASCII, safe in a
// Location header.
export function safeCallbackPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith("/") || CONTROL.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can leave "//host" behind ("/.//evil.example"): protocol-relative elsewhere.
  if (!path.startsWith("/") || path.startsWith("//") || !decodes(url.pathname)) return undefined;
  return path;
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
