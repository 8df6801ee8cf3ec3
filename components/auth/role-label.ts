// How a user's roles read in the header: the strongest role first, the rest after it.
const ORDER = ["admin", "archivist"];

// "admin, archivist" -> "admin · archivist"; no roles -> "no role".
export function roleLabel(roles: readonly string[]): string {
  if (roles.length === 0) return "no role";
  const rank = (role: string) => (ORDER.includes(role) ? ORDER.indexOf(role) : ORDER.length);
  return [...roles].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)).join(" · ");
}
