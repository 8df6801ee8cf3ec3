"use client";

import { SegmentError, type SegmentErrorProps } from "@/components/shell/segment-error";

// Catches what the dashboard layout itself throws, so the user still gets a way to retry.
export default function RootError(props: SegmentErrorProps) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-2xl flex-col justify-center px-6 py-16">
      <SegmentError {...props} what="Scriptorium" />
    </main>
  );
}
