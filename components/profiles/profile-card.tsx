import Link from "next/link";
import { Card, CardContent } from "@/components/ui/card";
import {
  evidenceFormatName,
  goalText,
  profileDescription,
  profileName,
  profileValidity,
} from "@/lib/preservation/profile-text";
import type { Profile } from "@scriptorium/contract/preservation/schemas";
import { formatDay } from "./format-day";
import { ValidityBadge } from "./validity-badge";

export interface ProfileCardProps {
  profile: Profile;
  languages: readonly string[];
  now: Date;
}

// Where a profile's page is.
export function profileHref(pid: string): string {
  return `/profiles/${encodeURIComponent(pid)}`;
}

// One profile in the list: its name as the link, the id under it, its description, whether it is usable, what it keeps.
export function ProfileCard({ profile, languages, now }: ProfileCardProps) {
  const validity = profileValidity(profile.pvp, now, formatDay);
  const description = profileDescription(profile, languages);
  return (
    <Card>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 className="text-ink text-base font-semibold">
            <Link href={profileHref(profile.pid)} className="hover:underline">
              {profileName(profile, languages)}
            </Link>
          </h2>
          <ValidityBadge state={validity.state} />
          <p className="text-ink-muted basis-full font-mono text-xs break-all">{profile.pid}</p>
        </div>
        {description ? <p className="text-ink text-sm/6">{description}</p> : null}
        <dl className="text-ink-muted grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">Validity</dt>
          <dd>{validity.text}</dd>
          {profile.pg?.length ? (
            <>
              <dt className="font-medium">Goals</dt>
              <dd>{profile.pg.map((uri) => goalText(uri).name).join("; ")}</dd>
            </>
          ) : null}
          {profile.ef?.length ? (
            <>
              <dt className="font-medium">Evidence</dt>
              <dd>{profile.ef.map((f) => evidenceFormatName(f.fid)).join("; ")}</dd>
            </>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}
