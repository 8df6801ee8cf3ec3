import Link from "next/link";
import { plainButtonClasses } from "@/components/ui/button-variants";
import { EmptyState } from "@/components/ui/empty-state";
import { GridIcon } from "@/components/ui/icons";

// A fresh archive (or a reader who has sent nothing yet): what the page will show, and how to start.
export function EmptyOverview({
  scope,
  tenant,
  embeddedArchive,
}: {
  scope: "tenant" | "own";
  tenant: string;
  embeddedArchive: boolean;
}) {
  return (
    <EmptyState
      icon={<GridIcon />}
      title={
        scope === "tenant"
          ? `Nothing has been ingested in ${tenant} yet`
          : "You have not ingested anything yet"
      }
      action={
        <Link href="/ingest" className={plainButtonClasses("primary")}>
          Send a first package
        </Link>
      }
    >
      <p>
        This page counts the packages submitted through this dashboard
        {scope === "tenant" ? ` in the tenant ${tenant}` : " by you"}: how many arrive each day, how
        many are ingested or fail, how long the archive takes, and which file formats it identified.
        Nothing is counted yet, so there is nothing to chart.
      </p>
      {embeddedArchive ? (
        <p className="mt-2">
          This dashboard runs on the embedded demo archive:{" "}
          <code className="font-mono">npm run demo</code> fills it with sample packages in a few
          seconds.
        </p>
      ) : null}
    </EmptyState>
  );
}
