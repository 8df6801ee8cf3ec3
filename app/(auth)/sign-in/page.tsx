import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Card, CardContent } from "@/components/ui/card";
import { buttonClasses } from "@/components/ui/button";
import { DemoUsers } from "@/components/auth/demo-users";
import { loadDemoUsers } from "@/lib/auth/demo-users";
import { getCurrentSession, safeCallbackPath } from "@/lib/auth/session";
import { signInMessage } from "@/lib/auth/sign-in-messages";
import { issuerDisplayName } from "@/lib/auth/settings";
import { signInWithProvider } from "./actions";

export const metadata: Metadata = { title: "Sign in" };

type SearchParams = Record<string, string | string[] | undefined>;

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

// The sign-in page: one button to the identity provider, what went wrong last time, and the
// demo accounts when the embedded archive is the identity provider.
export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<SearchParams>;
}) {
  const params = await searchParams;
  const callbackPath = safeCallbackPath(single(params.callbackUrl)) ?? "/";
  const message = signInMessage(single(params.error), single(params.reason));
  if (!message && (await getCurrentSession())) redirect(callbackPath);
  const demoUsers = await loadDemoUsers();

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardContent className="flex flex-col gap-5 p-6 sm:p-8">
          <div className="flex flex-col gap-1.5">
            <h1 className="text-ink text-2xl font-semibold tracking-tight">
              Sign in to Scriptorium
            </h1>
            <p className="text-ink-muted text-sm">
              Scriptorium uses your organisation&apos;s sign-in. You will come back here afterwards.
            </p>
          </div>
          {message ? (
            <p
              role="alert"
              className="border-danger/30 bg-danger-soft text-danger rounded-lg border px-4 py-3 text-sm"
            >
              {message}
            </p>
          ) : null}
          <form action={signInWithProvider}>
            <input type="hidden" name="callbackUrl" value={callbackPath} />
            <button type="submit" className={buttonClasses("primary", "md", "w-full")}>
              Sign in with {issuerDisplayName()}
            </button>
          </form>
        </CardContent>
      </Card>
      {demoUsers.length > 0 ? <DemoUsers users={demoUsers} /> : null}
    </div>
  );
}
