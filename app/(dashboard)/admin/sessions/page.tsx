import type { Metadata } from "next";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ShieldIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { listActiveUsers } from "@/lib/auth/admin-sessions";
import { requireSession } from "@/lib/auth/session";
import { EndSessionsForm } from "./_components/end-sessions-form";

export const metadata: Metadata = { title: "Sessions" };

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

function Time({ at }: { at: Date }) {
  return <time dateTime={at.toISOString()}>{when.format(at)}</time>;
}

// Who is signed in now, and a way to end all sessions of one user (admins only).
export default async function SessionsPage() {
  const session = await requireSession("/admin/sessions");
  if (!session.isAdmin) {
    return (
      <div className="flex flex-col gap-8">
        <PageHeader title="Sessions" />
        <EmptyState icon={<ShieldIcon />} title="For administrators only">
          Only an administrator can see who is signed in and end their sessions.
        </EmptyState>
      </div>
    );
  }
  const users = await listActiveUsers(session);
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Sessions"
        description="Who is signed in now. Ending a user's sessions signs them out everywhere at once."
      />
      {users.length === 0 ? (
        <EmptyState icon={<ShieldIcon />} title="Nobody is signed in" />
      ) : (
        <Card>
          <CardContent className="overflow-x-auto p-0">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Signed-in users and their sessions</caption>
              <thead className="text-ink-muted">
                <tr className="border-line border-b">
                  <th scope="col" className="px-5 py-3 font-medium">
                    User
                  </th>
                  <th scope="col" className="px-5 py-3 font-medium">
                    Roles
                  </th>
                  <th scope="col" className="px-5 py-3 font-medium">
                    Sessions
                  </th>
                  <th scope="col" className="px-5 py-3 text-right font-medium">
                    Action
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.map((user) => (
                  <tr key={user.userId} className="border-line border-b align-top last:border-0">
                    <th scope="row" className="px-5 py-3 font-normal">
                      <span className="text-ink block font-medium">{user.name}</span>
                      <span className="text-ink-muted block text-xs">
                        {user.email ?? user.userId}
                      </span>
                      {user.userId === session.user.id ? <Badge tone="accent">you</Badge> : null}
                    </th>
                    <td className="text-ink-muted px-5 py-3">{user.roles.join(", ") || "none"}</td>
                    <td className="px-5 py-3">
                      <ul className="flex flex-col gap-1">
                        {user.sessions.map((s, index) => (
                          <li key={index} className="text-ink-muted text-xs">
                            Signed in <Time at={s.createdAt} /> · last active{" "}
                            <Time at={s.lastSeenAt} /> · tenant {s.tenant} · lapses{" "}
                            <Time at={s.expiresAt} />
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td className="px-5 py-3">
                      <EndSessionsForm userId={user.userId} name={user.name} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
