// Merging what batch status reads answer: each read names only the packages changed since the one
// before, so the page folds it into what it knows, and the server adds what it just learnt upstream.
import type { BatchItemStatus } from "./api-schemas";

// `known` with `changed` folded in by key: a package named again takes its newer entry, in its
// place; new ones come after.
export function withItems<T extends Pick<BatchItemStatus, "key">>(
  known: readonly T[],
  changed: readonly T[],
): T[] {
  if (changed.length === 0) return [...known];
  const byKey = new Map(known.map((item) => [item.key, item]));
  for (const item of changed) byKey.set(item.key, item);
  return [...byKey.values()];
}
