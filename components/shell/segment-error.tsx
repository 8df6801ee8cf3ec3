"use client";

import { useEffect } from "react";
import { plainButtonClasses } from "@/components/ui/button-variants";
import { AlertIcon } from "@/components/ui/icons";

export interface SegmentErrorProps {
  error: unknown;
  // Next's error boundary: re-fetches the segment from the server and renders it again.
  retry: () => void;
}

// What a page shows in place of content it could not render; the shell around it keeps working.
export function SegmentError({ error, retry, what }: SegmentErrorProps & { what: string }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  // Server errors reach the browser as a digest only; it matches the server's log line.
  const digest =
    typeof error === "object" &&
    error !== null &&
    "digest" in error &&
    typeof error.digest === "string"
      ? error.digest
      : undefined;
  return (
    <div
      role="alert"
      className="border-danger/30 bg-danger-soft flex flex-col items-start gap-4 rounded-xl border p-6"
    >
      <div className="text-danger flex items-center gap-3">
        <AlertIcon className="size-6 shrink-0" />
        <h1 className="text-ink text-xl font-semibold">{what} could not be shown</h1>
      </div>
      <p className="text-ink max-w-prose text-sm/6">
        Something went wrong while preparing this page. It is often a passing problem with the
        connection to the archive, so trying again usually helps. If it keeps happening, give your
        administrator the reference below.
      </p>
      {digest ? (
        <p className="text-ink text-sm">
          Reference:{" "}
          <code className="bg-surface rounded px-1.5 py-0.5 font-mono text-xs">{digest}</code>
        </p>
      ) : null}
      <button type="button" onClick={() => retry()} className={plainButtonClasses()}>
        Try again
      </button>
    </div>
  );
}
