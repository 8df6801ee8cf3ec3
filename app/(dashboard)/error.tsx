"use client";

import { SegmentError, type SegmentErrorProps } from "@/components/shell/segment-error";

// A failing page inside the dashboard keeps the header and navigation usable.
export default function DashboardError(props: SegmentErrorProps) {
  return <SegmentError {...props} what="This page" />;
}
