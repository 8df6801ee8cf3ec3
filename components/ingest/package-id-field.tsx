"use client";
// The optional custom package ID, checked as it is typed against the archive's character rule.
import {
  errorClasses,
  helpClasses,
  inputClasses,
  labelClasses,
} from "@/components/metadata/input-classes";
import { PACKAGE_ID_MAX_LENGTH } from "@scriptorium/contract/ingest/package-id";
import { packageIdMessage } from "./package-id-message";

export interface PackageIdFieldProps {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

// A labelled text input with help text and a live error; empty means "let the archive choose".
export function PackageIdField({
  id = "package-id",
  value,
  onChange,
  disabled,
}: PackageIdFieldProps) {
  const problem = packageIdMessage(value);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={labelClasses}>
        Package ID <span className="text-ink-muted font-normal">(optional)</span>
      </label>
      <p id={`${id}-help`} className={helpClasses}>
        Leave it empty and the archive generates one. ASCII letters, digits, spaces and punctuation,
        except <code className="font-mono">@ &lt; &gt; : &quot; / \ | ? *</code>.
      </p>
      <input
        id={id}
        type="text"
        value={value}
        disabled={disabled}
        // One more than allowed, so an over-long paste shows the rule instead of being cut silently.
        maxLength={PACKAGE_ID_MAX_LENGTH + 1}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-help ${id}-error`}
        onChange={(event) => onChange(event.target.value)}
        className={inputClasses("h-10 max-w-md font-mono")}
      />
      <p id={`${id}-error`} aria-live="polite" className={errorClasses}>
        {problem}
      </p>
    </div>
  );
}
