"use client";
// "Add a URL reference": a document the archive fetches itself (http or https, up to 200 MB).
import { useId, useState } from "react";
import {
  errorClasses,
  helpClasses,
  inputClasses,
  labelClasses,
} from "@/components/metadata/input-classes";
import { Button } from "@/components/ui/button";
import { isHttpUrl } from "@scriptorium/contract/ingest/http-url";
import { INGEST_LIMITS } from "@scriptorium/contract/ingest/limits";
import { formatBytes } from "@/lib/upload/format";
import { nameFromUrl } from "./submit-body";

export interface UrlDocumentFormProps {
  onAdd: (document: { name: string; url: string }) => void;
  disabled?: boolean;
}

function problemsOf(url: string, name: string): { url?: string; name?: string } {
  const problems: { url?: string; name?: string } = {};
  if (!isHttpUrl(url.trim())) problems.url = "Give an address starting with http:// or https://.";
  if (name.trim().length < INGEST_LIMITS.nameMinLength) {
    problems.name = `Give a file name of at least ${INGEST_LIMITS.nameMinLength} characters.`;
  }
  return problems;
}

// Two fields and a button; the name defaults to the last part of the address.
export function UrlDocumentForm({ onAdd, disabled }: UrlDocumentFormProps) {
  const id = useId();
  const [url, setUrl] = useState("");
  const [name, setName] = useState("");
  const [tried, setTried] = useState(false);
  const shownName = name || nameFromUrl(url.trim());
  const problems = tried ? problemsOf(url, shownName) : {};

  function add() {
    setTried(true);
    const found = problemsOf(url, shownName);
    if (found.url || found.name) return;
    onAdd({ url: url.trim(), name: shownName.trim() });
    setUrl("");
    setName("");
    setTried(false);
  }

  // Not a <form>: the wizard around it is one, and forms may not nest.
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className={labelClasses}>Or add a document by URL</legend>
      <p className={helpClasses}>
        The archive fetches it itself, up to {formatBytes(INGEST_LIMITS.urlBytes)}. Use this for
        files already online.
      </p>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-start">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-url`} className={labelClasses}>
            Document URL
          </label>
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            value={url}
            disabled={disabled}
            placeholder="https://example.org/report.pdf"
            aria-invalid={problems.url ? true : undefined}
            aria-describedby={`${id}-url-error`}
            onChange={(e) => setUrl(e.target.value)}
            onKeyDown={(e) => e.key === "Enter" && (e.preventDefault(), add())}
            className={inputClasses("h-10")}
          />
          <p id={`${id}-url-error`} className={errorClasses}>
            {problems.url}
          </p>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-name`} className={labelClasses}>
            File name
          </label>
          <input
            id={`${id}-name`}
            type="text"
            value={shownName}
            disabled={disabled}
            aria-invalid={problems.name ? true : undefined}
            aria-describedby={`${id}-name-error`}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === "Enter" && (e.preventDefault(), add())}
            className={inputClasses("h-10")}
          />
          <p id={`${id}-name-error`} className={errorClasses}>
            {problems.name}
          </p>
        </div>
        <Button variant="secondary" className="sm:mt-6.5" onClick={add} disabled={disabled}>
          Add URL
        </Button>
      </div>
    </fieldset>
  );
}
