import "server-only";
// Runs before every page: a fresh nonce and the Content-Security-Policy built on it, on the
// response and on the request (Next.js reads the nonce from the request's CSP header and puts
// it on its scripts). The other security headers come from next.config.ts, for API routes too.
// Server Actions Next.js would fail on (from another site, or with a broken body) are refused
// here with a 4xx; lib/security/front-door.ts refuses what it would fail on before this runs.
//
// Authentication is not decided here: every page and route handler checks the session itself.
// Static files of public/ stay out of the matcher (no page, no policy to add).
// /api/ingest and /api/preservation stay out of the matcher: a body passing through the proxy is
// cut at 10 MB without an error, and those routes take (and limit) bodies of exactly that size.
// /api/objects serves archived files with framing and sandbox headers of its own, which a page's
// policy would override.
import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { contentSecurityPolicy, createNonce, originOf } from "@/lib/security/csp";
import { pageRequestRefusal } from "@/lib/security/page-requests";

// lib/auth/session.ts's REQUEST_PATH_HEADER: where to come back to after signing in.
const REQUEST_PATH_HEADER = "x-scriptorium-path";

const present = (origin: string | null): origin is string => origin !== null;

// Adds the nonce-based CSP to a page request and its response.
export async function proxy(request: NextRequest) {
  // Route handlers check their own requests; a page's are read by Next.js itself.
  if (!request.nextUrl.pathname.startsWith("/api/")) {
    const refusal = await pageRequestRefusal(request);
    if (refusal) {
      return new NextResponse(`${refusal.message}\n`, {
        status: refusal.status,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    }
  }
  const nonce = createNonce();
  const policy = contentSecurityPolicy({
    nonce,
    uploadOrigins: [originOf(env.INGEST_API_URL), ...env.UPLOAD_ORIGINS].filter(present),
    formOrigins: [originOf(env.OIDC_ISSUER)].filter(present),
    dev: process.env.NODE_ENV === "development",
    https: new URL(env.APP_URL).protocol === "https:",
  });
  // Set, never appended: a client-sent value of these must not survive.
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", policy);
  headers.set(REQUEST_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  matcher: [
    {
      source:
        "/((?!api/ingest|api/preservation|api/objects|_next/static|_next/image|favicon.ico|favicon.svg|icon-192.png|icon-512.png|robots.txt|manifest.webmanifest).*)",
      // Prefetches carry no HTML to protect, and a nonce made for them would never be used.
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
