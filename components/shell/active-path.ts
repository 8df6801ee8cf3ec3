// Whether a navigation entry is the current page or one of its sub-pages. "/ingest" must not
// light up on "/ingests", and "/" only on itself.
export function isActivePath(pathname: string, href: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (href === "/") return path === "/";
  return path === href || path.startsWith(`${href}/`);
}
