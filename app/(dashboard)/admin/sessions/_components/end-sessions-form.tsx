"use client";

import { useActionState } from "react";
import { toast } from "@/components/ui/toaster";
import { plainButtonClasses } from "@/components/ui/button-variants";
import { endSessionsAction, type EndSessionsState } from "../actions";

// "End sessions" for one user. Success is a toast, because the user's row leaves the table;
// a refusal stays beside the button.
export function EndSessionsForm({ userId, name }: { userId: string; name: string }) {
  const [state, action, pending] = useActionState<EndSessionsState, FormData>(
    async (previous, formData) => {
      const result = await endSessionsAction(previous, formData);
      // Here, not in an effect: the revalidated table may already have unmounted this form.
      if (result.message) toast.success(result.message);
      return result;
    },
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
        className={plainButtonClasses("danger", "sm")}
      >
        {pending ? "Ending…" : "End sessions"}
      </button>
      {state.error ? (
        <p role="alert" className="text-danger text-xs">
          {state.error}
        </p>
      ) : null}
    </form>
  );
}
