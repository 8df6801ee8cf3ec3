import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { SearchIcon } from "@/components/ui/icons";

// The answer to an address that leads nowhere, with a way back.
export function NotFoundState() {
  return (
    <div className="flex flex-col items-center gap-4 px-6 py-16 text-center">
      <div className="bg-accent-soft text-accent-soft-ink flex size-12 items-center justify-center rounded-full">
        <SearchIcon className="size-6" />
      </div>
      <h1 className="text-ink text-2xl font-semibold tracking-tight">Page not found</h1>
      <p className="text-ink-muted max-w-md text-sm/6">
        There is nothing at this address. The link may be mistyped, or what it pointed to has moved.
      </p>
      <Link href="/" className={buttonClasses("primary", "md", "mt-2")}>
        Go to the overview
      </Link>
    </div>
  );
}
