// The reader's time zone, kept in a cookie by the browser, so that the server can count the
// overview's days in it and send the page with its figures (the server knows no zone otherwise).

export const TIME_ZONE_COOKIE = "tz";

// The browser's IANA time zone.
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

// The cookie as document.cookie takes it: a year, the whole site, sent on top-level navigations.
export function timeZoneCookie(zone: string): string {
  return `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

// The zone a Cookie header's value names, or null when there is none.
export function cookieTimeZone(cookies: string): string | null {
  for (const part of cookies.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === TIME_ZONE_COOKIE) return decodeURIComponent(value.join("=")) || null;
  }
  return null;
}

// Writes the cookie when it does not name the browser's zone yet (first visit, or a journey).
export function rememberTimeZone(): void {
  const zone = browserTimeZone();
  if (cookieTimeZone(document.cookie) !== zone) document.cookie = timeZoneCookie(zone);
}
