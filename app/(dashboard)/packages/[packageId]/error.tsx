"use client";

import { SegmentError, type SegmentErrorProps } from "@/components/shell/segment-error";

// Keeps a failure on this page from taking the navigation down with it.
export default function PackageError(props: SegmentErrorProps) {
  return <SegmentError {...props} what="The package" />;
}
