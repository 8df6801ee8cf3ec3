import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import {
  durationText,
  evidenceFormatName,
  goalText,
  localizedText,
  OPERATION_TEXT,
  profileOperations,
  profileValidity,
  specReference,
  storageModelText,
} from "@/lib/preservation/profile-text";
import type { Profile } from "@scriptorium/contract/preservation/schemas";
import { formatDay } from "./format-day";
import { ValidityBadge } from "./validity-badge";

export interface ProfileDetailsProps {
  profile: Profile;
  languages: readonly string[];
  now: Date;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="text-ink text-sm/6">{children}</CardContent>
    </Card>
  );
}

function Reference({ spec }: { spec: string }) {
  const { label, href } = specReference(spec);
  return href ? (
    <a href={href} className="text-accent underline underline-offset-2" rel="noreferrer">
      {label}
    </a>
  ) : (
    <span>{label}</span>
  );
}

// Everything a profile says, in words: validity, storage, goals, evidence, references, operations.
export function ProfileDetails({ profile, languages, now }: ProfileDetailsProps) {
  const validity = profileValidity(profile.pvp, now, formatDay);
  const operations = profileOperations(profile);
  const keepEvidence = durationText(profile.perp);
  const evidenceLasts = durationText(profile.eed);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Section title="Validity">
        <p className="flex flex-wrap items-center gap-2">
          <ValidityBadge state={validity.state} />
          {validity.text}
        </p>
        {validity.state !== "active" ? (
          <p className="text-ink-muted mt-2">New objects cannot be preserved under this profile.</p>
        ) : null}
      </Section>
      <Section title="Storage">
        <p>{storageModelText(profile.psm)}</p>
        {evidenceLasts || keepEvidence ? (
          <ul className="text-ink-muted mt-2 list-disc pl-5">
            {evidenceLasts ? (
              <li>Each evidence record is expected to hold for {evidenceLasts}.</li>
            ) : null}
            {keepEvidence ? <li>Evidence is kept for {keepEvidence}.</li> : null}
          </ul>
        ) : null}
      </Section>
      <Section title="Goals">
        {profile.pg?.length ? (
          <ul className="flex flex-col gap-2">
            {profile.pg.map((uri) => {
              const goal = goalText(uri);
              return (
                <li key={uri}>
                  <span className="font-medium">{goal.name}</span>: {goal.detail}{" "}
                  <span className="text-ink-muted font-mono text-xs break-all">({goal.uri})</span>
                </li>
              );
            })}
          </ul>
        ) : (
          <p>The profile names no preservation goal.</p>
        )}
      </Section>
      <Section title="Evidence formats">
        {profile.ef?.length ? (
          <ul className="flex flex-col gap-2">
            {profile.ef.map((format) => (
              <li key={format.fid} className="flex flex-col">
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  {evidenceFormatName(format.fid)}
                  {format.def ? <Badge tone="accent">default</Badge> : null}
                </span>
                <span className="text-ink-muted">
                  {localizedText(format.desc, languages) ?? format.fid}
                  {format.spec ? (
                    <>
                      {" · "}
                      <Reference spec={format.spec} />
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p>The profile names no evidence format.</p>
        )}
      </Section>
      <Section title="Operations">
        {operations.length ? (
          <ul className="flex flex-col gap-1">
            {operations.map((name) => (
              <li key={name}>
                <span className="font-mono text-xs">{name}</span>:{" "}
                {OPERATION_TEXT[name] ?? "An operation of this archive."}
              </li>
            ))}
          </ul>
        ) : (
          <p>The profile does not list its operations.</p>
        )}
      </Section>
      <Section title="Specifications">
        {profile.spec?.length ? (
          <ul className="flex list-disc flex-col gap-1 pl-5">
            {profile.spec.map((spec) => (
              <li key={spec}>
                <Reference spec={spec} />
              </li>
            ))}
          </ul>
        ) : (
          <p>The profile names no specification.</p>
        )}
        {profile.sid ? (
          <p className="text-ink-muted mt-2">
            Scheme: <span className="font-mono text-xs break-all">{profile.sid}</span>
          </p>
        ) : null}
      </Section>
    </div>
  );
}
