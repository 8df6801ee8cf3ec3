// A profile named as a person reads it, linked to the page of the preservation profile that
// describes it when that is known, with its identifier beneath.
import Link from "next/link";
import { profilePath, type ProfileLabel } from "@/lib/preservation/profile-labels";

export function ProfileName({
  id,
  label,
  fallback,
}: {
  id: string;
  label: ProfileLabel | undefined;
  // The name to use without a label (e.g. one the catalogue holds); else the identifier alone.
  fallback?: string | null;
}) {
  const name = label?.name ?? fallback ?? id;
  return (
    <span className="flex flex-col">
      {label?.pid ? (
        <Link
          href={profilePath(label.pid)}
          prefetch={false}
          className="text-accent underline-offset-2 hover:underline"
        >
          {name}
        </Link>
      ) : (
        <span>{name}</span>
      )}
      {name !== id ? (
        <span className="text-ink-muted font-mono text-xs break-all">{id}</span>
      ) : null}
    </span>
  );
}
