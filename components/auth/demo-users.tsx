import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { DemoUser } from "@/lib/auth/demo-users";

// The embedded archive's demo accounts with their passwords, for trying a fresh install.
export function DemoUsers({ users }: { users: DemoUser[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="demo-users-title">Demo users</CardTitle>
        <CardDescription>
          These accounts exist only in the embedded archive&apos;s demo configuration.
        </CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table aria-labelledby="demo-users-title" className="w-full text-left text-sm">
          <thead className="text-ink-muted">
            <tr className="border-line border-b">
              <th scope="col" className="py-2 pr-3 font-medium">
                Username
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Password
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Name
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Roles
              </th>
              <th scope="col" className="py-2 font-medium">
                Tenants
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.username} className="border-line border-b last:border-0">
                <td className="py-2 pr-3 font-mono">{user.username}</td>
                <td className="py-2 pr-3 font-mono">{user.password}</td>
                <td className="text-ink py-2 pr-3">{user.name}</td>
                <td className="text-ink-muted py-2 pr-3">{user.roles.join(", ")}</td>
                <td className="text-ink-muted py-2">{user.tenants.join(", ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
