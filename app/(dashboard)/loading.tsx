// Shown while a dashboard page streams in; it mirrors a page header and a content block.
export default function DashboardLoading() {
  return (
    <div role="status" className="flex flex-col gap-8">
      <span className="sr-only">Loading…</span>
      <div aria-hidden="true" className="border-line flex flex-col gap-3 border-b pb-6">
        <div className="bg-surface-muted h-8 w-48 rounded-md motion-safe:animate-pulse" />
        <div className="bg-surface-muted h-4 w-full max-w-md rounded-md motion-safe:animate-pulse" />
      </div>
      <div
        aria-hidden="true"
        className="bg-surface-muted h-64 rounded-xl motion-safe:animate-pulse"
      />
    </div>
  );
}
