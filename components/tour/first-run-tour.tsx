"use client";
// The first-run offer of the tour (on the embedded archive, until the user finishes or declines
// it), the dialog itself, and remembering per user that they have seen it.
import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { useMutation } from "@tanstack/react-query";
import { toast } from "@/components/ui/toaster";
import { plainButtonClasses } from "@/components/ui/button-variants";
import { BookIcon } from "@/components/ui/icons";
import { saveTourDismissed } from "@/lib/queries/overview";
import { tourStore } from "./tour-store";

// The dialog (and Radix under it) is loaded when the tour first opens, not with the overview.
const TourDialog = lazy(() => import("./tour-dialog").then((m) => ({ default: m.TourDialog })));

// `offer`: the server found the user has not seen the tour and the archive is the embedded one.
export function FirstRunTour({ offer }: { offer: boolean }) {
  const open = useSyncExternalStore(tourStore.subscribe, tourStore.isOpen, () => false);
  const [offered, setOffered] = useState(offer);
  // Kept mounted once opened, so closing runs the dialog's own focus return.
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  const remember = useMutation({
    mutationFn: () => saveTourDismissed(true),
    onError: (error) =>
      toast.error(`The dashboard could not remember that you have seen the tour: ${error.message}`),
  });
  const done = () => {
    tourStore.set(false);
    if (offered) {
      setOffered(false);
      remember.mutate();
    }
  };

  return (
    <>
      {offered ? (
        // A card in the accent colours (the card's own border and surface colours replaced).
        <div className="border-accent/30 bg-accent-soft/40 shadow-card rounded-xl border">
          <section
            aria-labelledby="tour-offer-title"
            className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center"
          >
            <span className="bg-accent-soft text-accent-soft-ink flex size-10 shrink-0 items-center justify-center rounded-lg">
              <BookIcon className="size-5" />
            </span>
            <div className="flex flex-1 flex-col gap-1">
              <h2 id="tour-offer-title" className="text-ink font-semibold">
                New here? Take the one-minute tour
              </h2>
              <p className="text-ink-muted text-sm">
                Five stops: the overview, sending a package, following it, finding preserved objects
                and the profiles.
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              <button type="button" className={plainButtonClasses("ghost")} onClick={done}>
                No thanks
              </button>
              <button
                type="button"
                className={plainButtonClasses()}
                onClick={() => tourStore.set(true)}
              >
                Start the tour
              </button>
            </div>
          </section>
        </div>
      ) : null}
      {opened ? (
        <Suspense fallback={null}>
          <TourDialog open={open} onClose={done} />
        </Suspense>
      ) : null}
    </>
  );
}

// Opens the tour from anywhere on the page (the overview's header).
export function TakeTourButton() {
  return (
    <button
      type="button"
      className={plainButtonClasses("secondary")}
      onClick={() => tourStore.set(true)}
    >
      Take the tour
    </button>
  );
}
