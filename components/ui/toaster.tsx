"use client";
// Toasts, with sonner loaded on the first one: most visits show none, and sonner (its component
// and styles) would otherwise be part of every page's script. `toast.success(...)` and
// `toast.error(...)` mount the toaster, wait until it listens, then show the message.
import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { useTheme } from "next-themes";

const loadSonner = () => import("sonner");
const SonnerToaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

let wanted = false;
const listeners = new Set<() => void>();
let markListening: () => void = () => {};
// Resolves once the toaster has mounted and subscribed (sonner drops toasts sent before that).
const listening = new Promise<void>((resolve) => (markListening = resolve));

function want(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function show(kind: "success" | "error", message: string): void {
  want();
  void Promise.all([loadSonner(), listening]).then(([sonner]) => sonner.toast[kind](message));
}

export const toast = {
  success: (message: string) => show("success", message),
  error: (message: string) => show("error", message),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// Rendered after sonner's Toaster, so its effect runs once the Toaster has subscribed.
function Listening() {
  useEffect(() => markListening(), []);
  return null;
}

// The page's toaster: nothing until the first toast.
export function Toaster() {
  const shown = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  const { resolvedTheme } = useTheme();
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        theme={resolvedTheme === "dark" ? "dark" : "light"}
        position="bottom-right"
        richColors
        closeButton
      />
      <Listening />
    </Suspense>
  );
}
