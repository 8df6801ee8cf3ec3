"use client";
// The metadata form loaded on demand: the form library and its validator stay out of every other
// page's bundle and out of the server render. A page that shows forms as soon as it opens may load
// the library first (loadMetadataForm) and show them all at once, instead of one skeleton after
// another turning into forms of other heights.
import type { ComponentType } from "react";
import dynamic from "next/dynamic";
import type { MetadataFormProps } from "./metadata-form";

function FormSkeleton() {
  return (
    <div role="status" aria-label="Loading the metadata form" className="flex flex-col gap-3">
      <div className="bg-surface-muted h-4 w-40 rounded motion-safe:animate-pulse" />
      <div className="bg-surface-muted h-10 max-w-md rounded-lg motion-safe:animate-pulse" />
      <div className="bg-surface-muted h-24 rounded-xl motion-safe:animate-pulse" />
    </div>
  );
}

let loaded: ComponentType<MetadataFormProps> | null = null;
let loading: Promise<ComponentType<MetadataFormProps>> | null = null;

// Loads the form library (once); resolves when LazyMetadataForm renders forms straight away.
export function loadMetadataForm(): Promise<ComponentType<MetadataFormProps>> {
  loading ??= import("./metadata-form").then((m) => (loaded = m.MetadataForm));
  return loading;
}

const DynamicMetadataForm = dynamic(loadMetadataForm, { ssr: false, loading: FormSkeleton });

// Same props as MetadataForm.
export function LazyMetadataForm(props: MetadataFormProps) {
  const Form = loaded;
  return Form ? <Form {...props} /> : <DynamicMetadataForm {...props} />;
}
