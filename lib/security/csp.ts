// The Content-Security-Policy of every page: scripts only with this response's nonce (Next.js
// reads it from the request's CSP header and puts it on its own scripts), everything else from
// the dashboard itself, and connections to the archive's upload origin for direct uploads.

export interface CspOptions {
  nonce: string;
  // Origins the browser sends files to (the upload URLs GET /api/ingest/url hands out).
  uploadOrigins: readonly string[];
  // Origins a form may end up at: the identity provider, for sign-in and sign-out redirects.
  formOrigins: readonly string[];
  // `next dev` needs eval for React's error overlay and a websocket for hot reload.
  dev: boolean;
  // Only on an https dashboard: upgrading would break a plain-http one.
  https: boolean;
}

// A fresh nonce: 128 random bits, base64. One per response.
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

// The origin of a URL, or null when it is not an http(s) URL.
export function originOf(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : null;
}

// The policy as one header value.
export function contentSecurityPolicy(options: CspOptions): string {
  const unique = (values: readonly string[]) => [...new Set(values)].join(" ");
  const directives: Array<[string, string]> = [
    ["default-src", "'self'"],
    // 'strict-dynamic' lets the nonced scripts load the chunks they need; hosts and 'self' are
    // then ignored by CSP3 browsers and only serve older ones.
    [
      "script-src",
      `'self' 'nonce-${options.nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    ],
    // Style attributes (progress bars) and the toast library's injected <style> carry no nonce;
    // a nonce here would switch 'unsafe-inline' off, so there is none. Styles cannot run code.
    ["style-src", "'self' 'unsafe-inline'"],
    ["img-src", "'self' data: blob:"],
    ["font-src", "'self'"],
    ["connect-src", unique(["'self'", ...options.uploadOrigins, ...(options.dev ? ["ws:"] : [])])],
    // The checksum worker is a bundled file; 'strict-dynamic' in script-src would refuse it.
    ["worker-src", "'self' blob:"],
    ["manifest-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", unique(["'self'", ...options.formOrigins])],
    ["frame-ancestors", "'none'"],
  ];
  if (options.https) directives.push(["upgrade-insecure-requests", ""]);
  return directives.map(([name, value]) => (value ? `${name} ${value}` : name)).join("; ");
}
