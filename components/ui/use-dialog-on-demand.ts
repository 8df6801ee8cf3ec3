import { useRef, useState, type MouseEvent } from "react";

// A dialog whose code (Radix included) loads when it is first opened instead of with the page.
// Hovering or focusing an opener starts the load, so a click rarely waits for it. The dialog stays
// mounted once opened, so what was typed in it survives closing it, and closing it gives focus back
// to the element that opened it (when that is still on the page), as a Dialog.Trigger would.
//
// One dialog may serve many openers (a row's button each): `openFrom(element, subject)` opens it
// about `subject`. A dialog with a button of its own spreads `buttonProps` on it.
export function useDialogOnDemand<Subject = true>(load: () => Promise<unknown>) {
  const opener = useRef<HTMLElement | null>(null);
  // What the dialog is open about and when it last opened; null while it is closed.
  const [opened, setOpened] = useState<{ subject: Subject; at: number } | null>(null);
  const [mounted, setMounted] = useState(false);
  const open = opened !== null;
  if (open && !mounted) setMounted(true);
  const preload = () => void load().catch(() => undefined);
  const openFrom = (element: HTMLElement, subject: Subject) => {
    opener.current = element;
    setOpened({ subject, at: Date.now() });
  };
  return {
    open,
    openedAt: opened?.at ?? null,
    subject: opened?.subject ?? null,
    mounted,
    preload,
    openFrom,
    // Radix's onOpenChange, which only ever closes it (the openers open it).
    onOpenChange: (next: boolean) => {
      if (!next) setOpened(null);
    },
    // For the dialog's onCloseAutoFocus.
    returnFocus: (event: Event) => {
      const element = opener.current;
      if (!element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
    // For a dialog's own button (a dialog about nothing but itself).
    buttonProps: {
      "aria-haspopup": "dialog" as const,
      "aria-expanded": open,
      onPointerEnter: preload,
      onFocus: preload,
      onClick: (event: MouseEvent<HTMLElement>) => openFrom(event.currentTarget, true as Subject),
    },
  };
}
