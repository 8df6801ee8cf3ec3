"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/toaster";
import { ApiError } from "@/lib/queries/api-client";
import { chooseTenant } from "@/lib/queries/session";

export interface TenantPickerProps {
  tenants: string[];
  tenant: string;
}

// The tenant the user works in; changing it updates the session and reloads every view,
// because everything shown belongs to one tenant.
export function TenantPicker({ tenants, tenant }: TenantPickerProps) {
  const id = useId();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(tenant);
  const [pending, startTransition] = useTransition();

  async function choose(next: string) {
    const previous = value;
    setValue(next);
    try {
      await chooseTenant(next);
    } catch (error) {
      setValue(previous);
      const refused = error instanceof ApiError ? error : null;
      toast.error(refused?.message ?? "The tenant could not be changed. Try again.");
      if (refused?.status === 401) router.refresh();
      return;
    }
    startTransition(() => {
      queryClient.removeQueries();
      router.refresh();
    });
  }

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-ink-muted text-sm">
        Tenant
      </label>
      <select
        id={id}
        value={value}
        disabled={pending}
        aria-busy={pending}
        onChange={(event) => void choose(event.target.value)}
        className="border-line-strong bg-surface text-ink h-9 rounded-lg border px-2 text-sm"
      >
        {tenants.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
