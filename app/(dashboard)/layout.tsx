import type { ReactNode } from "react";
import { redirect } from "next/navigation";
import { SignInRedirect } from "@/components/auth/sign-in-redirect";
import { TenantPicker } from "@/components/auth/tenant-picker";
import { SignOutForm } from "@/components/auth/sign-out-form";
import { UserMenu } from "@/components/auth/user-menu";
import { DashboardShell } from "@/components/shell/dashboard-shell";
import { getSessionState, requestPath, signInPath } from "@/lib/auth/session";

// Every signed-in page: header, navigation and the main landmark. Signed out (or the session
// ended) -> /sign-in?callbackUrl=...; pages and route handlers still check for themselves.
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { session, refused } = await getSessionState();
  const reason = refused ? "ended" : undefined;
  if (!session) {
    const path = await requestPath();
    if (path) redirect(signInPath(path, reason));
    // Without proxy.ts the server does not know the path: the browser sends the visitor on.
    return <SignInRedirect reason={reason} />;
  }
  return (
    <DashboardShell
      isAdmin={session.isAdmin}
      headerSlot={
        <>
          {/* Keyed by tenant so the picker starts from the server's value after a switch. */}
          <TenantPicker
            key={session.tenant}
            tenants={session.user.tenants}
            tenant={session.tenant}
          />
          <UserMenu name={session.user.name} email={session.user.email} roles={session.user.roles}>
            <SignOutForm />
          </UserMenu>
        </>
      }
    >
      {children}
    </DashboardShell>
  );
}
