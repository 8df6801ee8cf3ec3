"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { clsx } from "clsx";
import { isActivePath } from "./active-path";
import { navItemsFor } from "./nav-items";

// The section navigation: a sidebar on wide screens, a scrolling strip under the header below
// `lg`, so tablets keep every label visible instead of guessing at icons. Only the sections the
// user may open are listed.
// clsx, not cn: these classes never conflict, and the shell is on every page, where tailwind-merge
// would be script that no page of few controls needs.
export function MainNav({ isAdmin }: { isAdmin: boolean }) {
  const pathname = usePathname();
  return (
    <nav
      aria-label="Main"
      className={clsx(
        "border-line bg-surface border-b",
        "lg:sticky lg:top-14 lg:h-[calc(100dvh-3.5rem)] lg:w-60 lg:shrink-0 lg:border-r lg:border-b-0 lg:bg-transparent",
      )}
    >
      <ul className="flex gap-1 overflow-x-auto px-3 py-2 sm:px-5 lg:flex-col lg:px-3 lg:py-6">
        {navItemsFor(isAdmin).map(({ href, label, icon: Icon }) => {
          const active = isActivePath(pathname, href);
          return (
            <li key={href} className="shrink-0">
              <Link
                href={href}
                aria-current={active ? "page" : undefined}
                className={clsx(
                  "flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors",
                  "text-ink-muted hover:bg-surface-muted hover:text-ink",
                  "aria-[current=page]:bg-accent-soft aria-[current=page]:text-accent-soft-ink",
                )}
              >
                <Icon className="size-[1.125rem] shrink-0" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
