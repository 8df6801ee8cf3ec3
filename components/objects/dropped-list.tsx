"use client";
// The dropped files of a Preserve or Add-a-version form: how each travels (XML or binary, media
// type, why) and, where there are other objects, which of them it relates to (relObj).
import type { ReactNode } from "react";
import { KindBadge } from "./kind-badge";
import { Button } from "@/components/ui/button";
import { formatBytes } from "@/lib/upload/format";
import type { DroppedFile } from "./dropped-files";

export interface DroppedListProps {
  items: readonly DroppedFile[];
  // Every id an object may relate to (the other files, metadata entries, a stored version's files).
  relatable: readonly string[];
  onRemove: (key: string) => void;
  onRelations: (key: string, relObj: string[]) => void;
  // More controls per file (for a new version: which stored file it replaces).
  extra?: (item: DroppedFile) => ReactNode;
  disabled?: boolean;
}

// One row per file, with its relations as checkboxes.
export function DroppedList({
  items,
  relatable,
  onRemove,
  onRelations,
  extra,
  disabled,
}: DroppedListProps) {
  if (items.length === 0) return null;
  return (
    <ul aria-label="Chosen files" className="border-line divide-line divide-y rounded-xl border">
      {items.map((item) => {
        const others = relatable.filter((id) => id !== item.id);
        return (
          <li key={item.key} className="flex flex-col gap-3 px-4 py-3">
            <div className="flex flex-wrap items-start gap-3">
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <p className="text-ink truncate text-sm font-medium" title={item.id}>
                  {item.id}
                </p>
                <p className="text-ink-muted flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
                  <span>{formatBytes(item.file.size)}</span>
                  {item.decision ? (
                    <>
                      <KindBadge mimeType={item.decision.mimeType} xml={item.decision.xml} />
                      <span>{item.decision.mimeType}</span>
                      <span>— {item.decision.reason}</span>
                    </>
                  ) : (
                    <span>Checking the format…</span>
                  )}
                </p>
                {extra ? extra(item) : null}
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${item.id}`}
                disabled={disabled}
                onClick={() => onRemove(item.key)}
              >
                Remove
              </Button>
            </div>
            {others.length > 0 ? (
              <Relations
                id={item.id}
                others={others}
                chosen={item.relObj}
                disabled={disabled}
                onChange={(relObj) => onRelations(item.key, relObj)}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

export interface RelationsProps {
  id: string;
  others: readonly string[];
  chosen: readonly string[];
  onChange: (relObj: string[]) => void;
  disabled?: boolean;
}

// Which other objects this one relates to.
export function Relations({ id, others, chosen, onChange, disabled }: RelationsProps) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-ink-muted text-xs font-medium">
        Relates to (optional)<span className="sr-only">: what {id} is related to</span>
      </legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {others.map((other) => (
          <label key={other} className="text-ink flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="accent-accent size-4"
              checked={chosen.includes(other)}
              disabled={disabled}
              onChange={(event) =>
                onChange(
                  event.target.checked ? [...chosen, other] : chosen.filter((c) => c !== other),
                )
              }
            />
            {other}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
