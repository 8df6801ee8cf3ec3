import { useRef, useState } from "react";

// The opener of a dialog whose code (Radix included) loads when it is first opened instead of
// with the page. Hovering or focusing the button starts the load, so a click rarely waits for it.
// The dialog stays mounted once opened, so what was typed in it survives closing it, and closing
// it gives focus back to the button, as a Dialog.Trigger would.
export function useDialogOnDemand(load: () => Promise<unknown>) {
  const button = useRef<HTMLButtonElement>(null);
  // When the dialog last opened; null while it is closed.
  const [openedAt, setOpenedAt] = useState<number | null>(null);
  const [mounted, setMounted] = useState(false);
  const open = openedAt !== null;
  if (open && !mounted) setMounted(true);
  const preload = () => void load().catch(() => undefined);
  return {
    open,
    openedAt,
    mounted,
    // Radix's onOpenChange, which only ever closes it (the button opens it).
    onOpenChange: (next: boolean) => {
      if (!next) setOpenedAt(null);
    },
    // For the dialog's onCloseAutoFocus.
    returnFocus: (event: Event) => {
      event.preventDefault();
      button.current?.focus();
    },
    buttonProps: {
      ref: button,
      "aria-haspopup": "dialog" as const,
      "aria-expanded": open,
      onPointerEnter: preload,
      onFocus: preload,
      onClick: () => setOpenedAt(Date.now()),
    },
  };
}
