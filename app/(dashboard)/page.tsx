import type { Metadata } from "next";
import Link from "next/link";
import { NAV_ITEMS } from "@/components/shell/nav-items";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ArrowRightIcon, GridIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Overview" };

// The landing page: where each part of the dashboard lives, and what the overview will show.
export default function OverviewPage() {
  const sections = NAV_ITEMS.filter((item) => item.href !== "/");
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Overview"
        description="Scriptorium is where archivists send packages into long-term preservation and find, check and retrieve them later."
      />
      <section aria-labelledby="sections-heading" className="flex flex-col gap-4">
        <h2
          id="sections-heading"
          className="text-ink-muted text-sm font-semibold tracking-wide uppercase"
        >
          Sections
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {sections.map(({ href, label, summary, icon: Icon }) => (
            <li key={href}>
              <Card className="group hover:border-line-strong has-[a:focus-visible]:outline-focus relative h-full transition-colors has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2">
                <div className="flex h-full items-start gap-4 p-5 sm:flex-col sm:gap-3">
                  <span className="bg-accent-soft text-accent-soft-ink flex size-9 shrink-0 items-center justify-center rounded-lg">
                    <Icon className="size-5" />
                  </span>
                  <div className="flex flex-1 flex-col gap-1">
                    <h3 className="text-ink font-semibold">
                      {/* The stretched link makes the whole card clickable with one tab stop. */}
                      <Link
                        href={href}
                        className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
                      >
                        {label}
                      </Link>
                    </h3>
                    <p className="text-ink-muted text-sm">{summary}</p>
                  </div>
                  <ArrowRightIcon className="text-ink-muted size-4 shrink-0 self-center transition-transform group-hover:translate-x-0.5 sm:mt-auto sm:self-start" />
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </section>
      <EmptyState icon={<GridIcon />} title="Nothing to summarise yet">
        The overview will bring together recent ingests, packages still in progress and the
        archive&apos;s health once the dashboard is connected to the archive.
      </EmptyState>
    </div>
  );
}
