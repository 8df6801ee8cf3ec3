import type { Metadata } from "next";
import Link from "next/link";
import { SipForm } from "@/components/ingests/sip-form";
import { Card, CardContent } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Send a prepared SIP" };

// Send a SIP prepared elsewhere (a zipped BagIt bag) to the archive as it is.
export default async function SipPage() {
  await requireSession("/ingest/sip");
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Send a prepared SIP"
        description="A zipped BagIt bag goes to the archive as it is; the archive checks its manifests and reads its package-metadata.json."
        actions={
          <Link
            href="/ingest"
            className="text-accent text-sm font-medium underline underline-offset-2"
          >
            Build a package here instead
          </Link>
        }
      />
      <Card>
        <CardContent>
          <SipForm />
        </CardContent>
      </Card>
    </div>
  );
}
