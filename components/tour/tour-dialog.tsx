"use client";
// The tour: a modal dialog with one step per main flow. Back and Next (or the arrow keys) move
// between steps, the step list jumps to one, Escape or Close ends it; focus starts on Next and
// goes back to whatever opened the dialog.
import { useRef, useState, type KeyboardEvent } from "react";
import Link from "next/link";
import * as Dialog from "@radix-ui/react-dialog";
import { Button, buttonClasses } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { stepAfter, TOUR_STEPS } from "./tour-steps";

export interface TourDialogProps {
  open: boolean;
  // Called once whenever the tour ends, however it ended.
  onClose: () => void;
}

// The dialog; it starts from the first step each time it opens.
export function TourDialog({ open, onClose }: TourDialogProps) {
  const [index, setIndex] = useState(0);
  const next = useRef<HTMLButtonElement>(null);
  // What had focus when the tour opened: focus goes back there (or to the page) when it ends.
  const opener = useRef<HTMLElement | null>(null);
  const step = TOUR_STEPS[index] ?? TOUR_STEPS[0];
  if (!step) return null;
  const last = index === TOUR_STEPS.length - 1;
  const Icon = step.icon;

  const onKeyDown = (event: KeyboardEvent) => {
    // Arrow keys move between steps, except where they already mean something (a text field).
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement)
      return;
    if (event.key === "ArrowRight") setIndex((i) => stepAfter(i, 1));
    if (event.key === "ArrowLeft") setIndex((i) => stepAfter(i, -1));
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
        else setIndex(0);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          onKeyDown={onKeyDown}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            opener.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
            setIndex(0);
            next.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            // Without a Dialog.Trigger Radix would leave focus on <body>; the opener may be gone
            // too (the first-run offer disappears once the tour is done).
            event.preventDefault();
            const target = opener.current?.isConnected
              ? opener.current
              : document.getElementById("main");
            target?.focus();
          }}
          className="bg-surface border-line fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[min(34rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-5 overflow-y-auto rounded-xl border p-6 shadow-lg"
        >
          <div className="flex items-start justify-between gap-4">
            <div className="flex flex-col gap-1">
              <Dialog.Title className="text-ink text-lg font-semibold">
                A short tour of Scriptorium
              </Dialog.Title>
              <Dialog.Description className="text-ink-muted text-sm">
                Five stops, a sentence each. Use Next and Back, or the arrow keys.
              </Dialog.Description>
            </div>
            <Dialog.Close className={buttonClasses("ghost", "sm")}>Close</Dialog.Close>
          </div>

          <ol className="flex flex-wrap gap-1.5" aria-label="Tour steps">
            {TOUR_STEPS.map((s, i) => (
              <li key={s.href}>
                <button
                  type="button"
                  onClick={() => setIndex(i)}
                  aria-current={i === index ? "step" : undefined}
                  className={cn(
                    "rounded-full px-2.5 py-1 text-xs font-medium transition-colors",
                    i === index
                      ? "bg-accent text-accent-ink"
                      : "bg-surface-muted text-ink-muted hover:text-ink",
                  )}
                >
                  <span className="sr-only">Step {i + 1}: </span>
                  {s.title}
                </button>
              </li>
            ))}
          </ol>

          <section
            aria-live="polite"
            aria-atomic="true"
            className="bg-surface-muted flex gap-4 rounded-lg p-4"
          >
            <span className="bg-accent-soft text-accent-soft-ink flex size-10 shrink-0 items-center justify-center rounded-lg">
              <Icon className="size-5" />
            </span>
            <div className="flex min-w-0 flex-col gap-1.5">
              <h3 className="text-ink font-semibold">
                <span className="text-ink-muted text-sm font-normal">
                  Step {index + 1} of {TOUR_STEPS.length}:{" "}
                </span>
                {step.title}
              </h3>
              <p className="text-ink-muted text-sm/6">{step.text}</p>
              <Link
                href={step.href}
                onClick={onClose}
                className="text-accent-soft-ink w-fit text-sm font-medium underline underline-offset-2"
              >
                Open {step.title}
              </Link>
            </div>
          </section>

          <div className="flex items-center justify-between gap-2">
            {/* aria-disabled, not disabled: a disabled button would drop the focus it holds. */}
            <Button
              variant="secondary"
              onClick={() => setIndex((i) => stepAfter(i, -1))}
              aria-disabled={index === 0}
              className={cn(index === 0 && "opacity-50")}
            >
              Back
            </Button>
            <button
              ref={next}
              type="button"
              onClick={() => (last ? onClose() : setIndex((i) => stepAfter(i, 1)))}
              className={buttonClasses("primary")}
            >
              {last ? "Finish the tour" : "Next"}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
