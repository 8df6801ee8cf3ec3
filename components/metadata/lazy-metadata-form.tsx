"use client";
// The metadata form loaded on demand: the form library and its validator stay out of every other
// page's bundle and out of the server render.
import dynamic from "next/dynamic";

function FormSkeleton() {
  return (
    <div role="status" aria-label="Loading the metadata form" className="flex flex-col gap-3">
      <div className="bg-surface-muted h-4 w-40 animate-pulse rounded" />
      <div className="bg-surface-muted h-10 max-w-md animate-pulse rounded-lg" />
      <div className="bg-surface-muted h-24 animate-pulse rounded-xl" />
    </div>
  );
}

// Same props as MetadataForm.
export const LazyMetadataForm = dynamic(
  () => import("./metadata-form").then((m) => m.MetadataForm),
  { ssr: false, loading: FormSkeleton },
);
