// Security headers on every response, pages and API routes alike: next.config.ts adds them to what
// Next.js answers, the direct lane (lib/server/direct-lane.ts) to what it answers itself. The
// Content-Security-Policy is not here: it carries a per-response nonce, so proxy.ts sets it on pages.
export interface HeaderEntry {
  key: string;
  value: string;
}

export function securityHeaders(production = process.env.NODE_ENV === "production"): HeaderEntry[] {
  return [
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "X-Content-Type-Options", value: "nosniff" },
    {
      key: "Permissions-Policy",
      value:
        "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()",
    },
    { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
    // Production only: a developer's http://localhost must not be pinned to https.
    ...(production
      ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }]
      : []),
  ];
}

// For browsers without CSP frame-ancestors: no page or answer of the dashboard is framed, except an
// object's content (the object page frames its PDFs), whose route sets its own framing headers.
export const FRAME_HEADERS: HeaderEntry[] = [{ key: "X-Frame-Options", value: "DENY" }];

// What an answer the dashboard writes itself, outside Next.js (the direct and static lanes),
// carries: the security headers and the framing header, as next.config.ts adds them to Next.js's.
export function laneHeaders(): HeaderEntry[] {
  return [...securityHeaders(), ...FRAME_HEADERS];
}
