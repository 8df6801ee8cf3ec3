// The overview's place-holder while its figures are fetched (only when the server could not send
// them with the page): the tiles, the per-day chart and the two cards below it, at the sizes they
// take on a desktop, so the figures take the place the reader already sees. Its boxes are its own
// elements, never reused for the figures: React would move a reused box to where it belongs.
const pulse = "bg-surface-muted rounded-xl motion-safe:animate-pulse";

export function OverviewSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      <p className="sr-only" role="status">
        Loading the overview…
      </p>
      <div aria-hidden="true" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className={`${pulse} h-[6.75rem]`} />
        ))}
      </div>
      <div aria-hidden="true" className={`${pulse} h-[26rem]`} />
      <div aria-hidden="true" className="grid gap-6 lg:grid-cols-2">
        <div className={`${pulse} h-[34rem]`} />
        <div className={`${pulse} h-[34rem]`} />
      </div>
    </div>
  );
}
