// A card's own classes. Client components of pages that would otherwise load no tailwind-merge
// use them with classes that override none of them (layout, padding), joined by clsx.
export const CARD_CLASSES = "border-line bg-surface shadow-card rounded-xl border";
