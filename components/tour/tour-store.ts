// Whether the tour dialog is open, shared by the buttons that open it and the dialog itself
// (they sit in different parts of the page). Browser state only; what is remembered per user
// lives in the dashboard database (PUT /api/overview/tour).

type Listener = () => void;

let open = false;
const listeners = new Set<Listener>();

export const tourStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isOpen: (): boolean => open,
  // Opens or closes the tour for every subscriber.
  set(next: boolean): void {
    if (open === next) return;
    open = next;
    for (const listener of listeners) listener();
  },
};
