// React Query options and calls for the admin pages: deletion requests, the four-eyes setting and
// the audit log, all through the dashboard's /api/admin routes (admin-only on the server).
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { auditFilterQuery, type AuditFilters, type AuditRow } from "@/lib/admin/audit-filters";
import type { DeletionStatus } from "@/lib/db/schema";
import type {
  DeletionDecisionInput,
  DeletionMode,
  DeletionRequestInput,
} from "@/lib/deletions/rules";
import { getJson, sendJson } from "./api-client";

// A deletion request as the routes answer it (dates as ISO strings).
export interface DeletionRequestView {
  id: string;
  tenant: string;
  poId: string;
  mode: DeletionMode;
  reason: string;
  crn: string | null;
  requestedById: string;
  requestedByName: string;
  requestedAt: string;
  status: DeletionStatus;
  decidedById: string | null;
  decidedByName: string | null;
  decidedAt: string | null;
  comment: string | null;
  outcome: { ok: boolean; code?: string; message?: string; result?: unknown } | null;
  // The signed-in admin asked for it (only then may they withdraw it).
  byYou?: boolean;
}

// Deletion requests in the admin's tenants, newest first; only those with `status` when given.
export function deletionRequestsOptions(status?: DeletionStatus) {
  return queryOptions({
    queryKey: ["admin", "deletions", status ?? "all"],
    queryFn: ({ signal }) =>
      getJson<{ requests: DeletionRequestView[] }>(
        `/api/admin/deletions${status ? `?status=${status}` : ""}`,
        { signal },
      ),
    staleTime: 0,
  });
}

// Deletions of one object still waiting for a second administrator.
export function pendingDeletionsOptions(poId: string) {
  return queryOptions({
    queryKey: ["admin", "deletions", "pending", poId],
    queryFn: ({ signal }) =>
      getJson<{ requests: DeletionRequestView[] }>(
        `/api/admin/deletions?status=pending&poId=${encodeURIComponent(poId)}`,
        { signal },
      ),
    staleTime: 0,
  });
}

// A request to switch four-eyes approval off, waiting for another administrator.
export interface FourEyesOffRequestView {
  id: string;
  requestedById: string;
  requestedByName: string;
  requestedAt: string;
}

export interface AdminSettings {
  fourEyes: boolean;
  pendingOff: FourEyesOffRequestView | null;
}

// The run-time settings (four-eyes approval of deletions, and a waiting request to switch it off).
export function adminSettingsOptions() {
  return queryOptions({
    queryKey: ["admin", "settings"],
    queryFn: ({ signal }) => getJson<AdminSettings>("/api/admin/settings", { signal }),
    staleTime: 0,
  });
}

export interface AuditPage {
  entries: AuditRow[];
  nextBefore: number | null;
  actions: string[];
}

// The audit log with filters, newest first, a page at a time ("Show older entries").
export function auditLogOptions(filters: AuditFilters) {
  const query = auditFilterQuery(filters);
  return infiniteQueryOptions({
    queryKey: ["admin", "audit", query],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams(query);
      if (pageParam !== null) params.set("before", String(pageParam));
      return getJson<AuditPage>(`/api/admin/audit?${params.toString()}`, { signal });
    },
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
    staleTime: 0,
  });
}

// Where the export of the filtered log downloads from.
export function auditExportUrl(filters: AuditFilters, format: "csv" | "json"): string {
  const query = auditFilterQuery(filters);
  return `/api/admin/audit/export?format=${format}${query ? `&${query}` : ""}`;
}

// POST /api/admin/deletions: carried out at once, or waiting for a second admin (status pending).
export function requestDeletion(input: DeletionRequestInput) {
  return sendJson<{ request: DeletionRequestView }>("/api/admin/deletions", "POST", input);
}

// Approve or reject a waiting request, with a comment.
export function decideDeletion(
  id: string,
  decision: "approve" | "reject",
  input: DeletionDecisionInput,
) {
  return sendJson<{ request: DeletionRequestView }>(
    `/api/admin/deletions/${encodeURIComponent(id)}/${decision}`,
    "POST",
    input,
  );
}

// The requester takes back a deletion request still waiting for a second admin.
export function withdrawDeletion(id: string) {
  return sendJson<{ request: DeletionRequestView }>(
    `/api/admin/deletions/${encodeURIComponent(id)}/withdraw`,
    "POST",
    {},
  );
}

// Turn four-eyes approval of deletions on (at once) or off (a request another admin approves).
export function saveFourEyes(fourEyes: boolean) {
  return sendJson<AdminSettings>("/api/admin/settings", "PUT", { fourEyes });
}

// Approve or reject a waiting request to switch four-eyes approval off.
export function decideFourEyesOff(id: string, decision: "approve" | "reject") {
  return sendJson<AdminSettings>(
    `/api/admin/settings/four-eyes-off/${encodeURIComponent(id)}/${decision}`,
    "POST",
    {},
  );
}
