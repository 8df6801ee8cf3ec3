"use client";

import { useActionState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { endSessionsAction, type EndSessionsState } from "../actions";

// "End sessions" for one user, with the outcome announced to screen readers.
export function EndSessionsForm({ userId, name }: { userId: string; name: string }) {
  const [state, action, pending] = useActionState<EndSessionsState, FormData>(
    endSessionsAction,
    {},
  );
  return (
    <form action={action} className="flex flex-col items-end gap-1">
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="name" value={name} />
      <button
        type="submit"
        disabled={pending}
        aria-label={`End sessions of ${name}`}
        className={buttonClasses("danger", "sm")}
      >
        {pending ? "Ending…" : "End sessions"}
      </button>
      <p role="status" className="text-ink-muted text-xs">
        {state.error ? <span className="text-danger">{state.error}</span> : state.message}
      </p>
    </form>
  );
}
