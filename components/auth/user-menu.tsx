"use client";

import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { roleLabel } from "./role-label";

export interface UserMenuProps {
  name: string;
  email?: string;
  roles: string[];
  // The panel's action (the sign-out form), rendered by the server.
  children?: ReactNode;
}

// The signed-in user's name and role in the header; opens to a panel with "Sign out".
export function UserMenu({ name, email, roles, children }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const roleText = roleLabel(roles);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        trigger.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`User menu: ${name}, ${roleText}`}
        onClick={() => setOpen((value) => !value)}
        className="hover:bg-surface-muted flex items-center gap-2 rounded-lg px-2 py-1 text-left transition-colors"
      >
        <span
          aria-hidden="true"
          className="bg-accent-soft text-accent-soft-ink flex size-8 items-center justify-center rounded-full text-sm font-semibold"
        >
          {initials(name)}
        </span>
        <span className="hidden flex-col leading-tight md:flex">
          <span className="text-ink text-sm font-medium">{name}</span>
          <span className="text-ink-muted text-xs">{roleText}</span>
        </span>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="border-line bg-surface shadow-card absolute right-0 z-40 mt-2 w-64 rounded-xl border p-4"
      >
        <p className="text-ink text-sm font-medium">{name}</p>
        {email ? <p className="text-ink-muted truncate text-xs">{email}</p> : null}
        <p className="text-ink-muted mt-1 text-xs">Role: {roleText}</p>
        {children}
      </div>
    </div>
  );
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => part?.[0]?.toUpperCase() ?? "").join("") || "?";
}
