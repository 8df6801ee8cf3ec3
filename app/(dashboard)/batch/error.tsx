"use client";

import { SegmentError, type SegmentErrorProps } from "@/components/shell/segment-error";

// Keeps a failure on this page from taking the navigation down with it.
export default function BatchError(props: SegmentErrorProps) {
  return <SegmentError {...props} what="The batch page" />;
}
