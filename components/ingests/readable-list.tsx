// Labelled values as a definition list, apart from the rest of the readable parts so that a page
// showing only metadata loads no answer checks with it.
import type { ReadableRow } from "@/lib/ingest/watch/readable";

// Labelled values; a list of texts as a list, nested rows as a nested list.
export function Rows({ rows }: { rows: ReadableRow[] }) {
  return (
    <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-1.5 text-sm">
      {rows.map((row, i) => (
        <div key={`${row.label}-${i}`} className="contents">
          <dt className="text-ink-muted">{row.label}</dt>
          <dd className="text-ink min-w-0 break-words">
            {typeof row.value === "string" ? (
              row.value
            ) : row.value.every((v) => typeof v === "string") ? (
              <ul>
                {(row.value as string[]).map((v, j) => (
                  <li key={j}>{v}</li>
                ))}
              </ul>
            ) : (
              <Rows rows={row.value as ReadableRow[]} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
