"use client";

import { useSyncExternalStore } from "react";
import { useTheme } from "next-themes";
import { MonitorIcon, MoonIcon, SunIcon } from "@/components/ui/icons";
import { clsx } from "clsx";

const OPTIONS = [
  { value: "light", label: "Light theme", Icon: SunIcon },
  { value: "dark", label: "Dark theme", Icon: MoonIcon },
  { value: "system", label: "System theme", Icon: MonitorIcon },
] as const;

const noSubscription = () => () => {};

// Light, dark or follow the system, as three toggle buttons in a group named "Theme". clsx, not cn:
// the classes never conflict, and tailwind-merge would otherwise be in every page's script.
export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  // The stored theme is unknown on the server: claim no pressed state until hydrated.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <div
      role="group"
      aria-label="Theme"
      className="border-line bg-surface-muted inline-flex items-center gap-0.5 rounded-lg border p-0.5"
    >
      {OPTIONS.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-label={label}
          title={label}
          aria-pressed={hydrated ? theme === value : undefined}
          onClick={() => setTheme(value)}
          className={clsx(
            "text-ink-muted hover:text-ink flex size-7 items-center justify-center rounded-md transition-colors",
            "aria-pressed:bg-surface aria-pressed:text-ink aria-pressed:shadow-sm",
          )}
        >
          <Icon className="size-4" />
        </button>
      ))}
    </div>
  );
}
