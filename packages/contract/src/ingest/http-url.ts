// The URL rule of the ingest API: URL-type content and upload URLs are absolute http(s) URLs.

// Whether `s` parses as an absolute http: or https: URL with a host.
export function isHttpUrl(s: string): boolean {
  if (!URL.canParse(s)) return false;
  const { protocol, hostname } = new URL(s);
  return (protocol === "http:" || protocol === "https:") && hostname.length > 0;
}
