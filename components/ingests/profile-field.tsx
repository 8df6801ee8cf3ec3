"use client";
// The profile choice: the operator's profiles, each with its retention and description.
import {
  errorClasses,
  helpClasses,
  inputClasses,
  labelClasses,
} from "@/components/metadata/input-classes";
import { cn } from "@/lib/utils";

export interface ProfileOption {
  id: string;
  title: string;
  description: string;
  retention: string;
  metadataSchemas?: string[];
}

export interface ProfileFieldProps {
  id: string;
  profiles: readonly ProfileOption[];
  value: string;
  onChange: (id: string) => void;
  showErrors: boolean;
  disabled?: boolean;
}

// A labelled select; the chosen profile's description and retention show under it.
export function ProfileField({
  id,
  profiles,
  value,
  onChange,
  showErrors,
  disabled,
}: ProfileFieldProps) {
  const chosen = profiles.find((p) => p.id === value);
  const missing = showErrors && !chosen;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={labelClasses}>
        Profile
      </label>
      <select
        id={id}
        value={chosen ? chosen.id : ""}
        disabled={disabled}
        aria-invalid={missing ? true : undefined}
        aria-describedby={`${id}-help`}
        onChange={(e) => onChange(e.target.value)}
        className={inputClasses("h-10 max-w-md")}
      >
        <option value="">Choose a profile…</option>
        {profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {p.title} ({p.retention})
          </option>
        ))}
      </select>
      <p id={`${id}-help`} className={cn(helpClasses, missing && errorClasses)}>
        {chosen
          ? `${chosen.description} Kept: ${chosen.retention.toLowerCase()}. Identifier: ${chosen.id}.`
          : missing
            ? "Choose a profile: it decides how long the package is kept."
            : "The profile decides how long the archive keeps the package and which metadata it takes."}
      </p>
    </div>
  );
}
