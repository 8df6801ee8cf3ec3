"use client";

import { SegmentError, type SegmentErrorProps } from "@/components/shell/segment-error";
import "./globals.css";

// Replaces the root layout when that fails, so it brings its own document and styles.
export default function GlobalError(props: SegmentErrorProps) {
  return (
    <html lang="en">
      <body className="bg-canvas text-ink min-h-dvh font-sans">
        <title>Scriptorium</title>
        <main className="mx-auto flex min-h-dvh max-w-2xl flex-col justify-center px-6 py-16">
          <SegmentError {...props} what="Scriptorium" />
        </main>
      </body>
    </html>
  );
}
