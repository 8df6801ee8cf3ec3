import Link from "next/link";
import { BookIcon } from "@/components/ui/icons";

// The product mark and name, linking home.
export function Brand() {
  return (
    <Link href="/" className="text-ink flex items-center gap-2.5 rounded-lg">
      <span className="bg-accent text-accent-ink flex size-8 items-center justify-center rounded-lg shadow-sm">
        <BookIcon className="size-5" />
      </span>
      <span className="text-base font-semibold tracking-tight">Scriptorium</span>
    </Link>
  );
}
