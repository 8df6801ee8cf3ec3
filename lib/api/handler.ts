import "server-only";
// The one wrapper every /api/ingest and /api/preservation route handler goes through. In order:
// same-origin check on mutations (403), session (401), the chosen tenant is still the user's
// (403), role (403), then the handler; whatever it throws becomes the error shape. Mutations are
// written to the audit log with who, what, target and outcome.
import type { AuditEntry, AuditOutcome } from "@/lib/journal/audit";
import { unstorableTextProblem } from "@scriptorium/contract/storable-text";
import { apiDeps, type ApiDeps, type ApiSession } from "./deps";
import { ApiError, errorResponse, toApiError } from "./errors";
import { namedTarget } from "./named-target";
import { assertSameOrigin } from "./request";

export type Role = "archivist" | "admin";

export interface RouteContext<P> {
  request: Request;
  params: P;
  session: ApiSession;
  deps: ApiDeps;
  // Token, tenant and cancellation for an upstream call on behalf of this session.
  upstream(): Promise<{ token: string; tenant: string; signal: AbortSignal }>;
  // Names what the audit entry is about, once the handler knows (e.g. the package id).
  audit: { target?: string; detail?: Record<string, unknown> };
}

export interface RouteOptions<P> {
  // The least role needed; absent means any signed-in user.
  role?: Role | ((params: P) => Role | undefined);
  // The audit action of a mutation (e.g. "ingest.document"); null for reads, which are not audited.
  audit?: string | null | ((params: P) => string | null);
}

type Segment<P> = { params: Promise<P> };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function hasRole(session: ApiSession, role: Role): boolean {
  const roles = session.user.roles;
  if (role === "admin") return session.isAdmin || roles.includes("admin");
  return roles.includes("archivist") || session.isAdmin || roles.includes("admin");
}

const ROLE_REFUSAL: Record<Role, string> = {
  admin: "Only an administrator may do this.",
  archivist: "This needs the archivist role.",
};

function outcomeOf(status: number, error?: ApiError): AuditOutcome {
  if (!error) return status < 400 ? "success" : "failure";
  return error.status === 403 ? "denied" : "failure";
}

// Wraps a route handler: `export const PUT = apiRoute({ role: "archivist" }, async (ctx) => ...)`.
export function apiRoute<P = Record<string, never>>(
  options: RouteOptions<P>,
  handler: (ctx: RouteContext<P>) => Promise<Response>,
): (request: Request, segment: Segment<P>) => Promise<Response> {
  return async (request, segment) => {
    let audit: PendingAudit | undefined;
    try {
      const mutation = !SAFE_METHODS.has(request.method);
      const deps = await apiDeps();
      if (mutation) assertSameOrigin(request, deps.appOrigins);
      const params = await segment.params;
      const session = await deps.getSession(request);
      if (!session) {
        throw new ApiError(
          "UNAUTHENTICATED",
          "You are not signed in, or your session has ended. Sign in again.",
        );
      }
      const ctx: RouteContext<P> = {
        request,
        params,
        session,
        deps,
        audit: {},
        upstream: async () => ({
          token: await deps.getUpstreamToken(session),
          tenant: session.tenant,
          signal: request.signal,
        }),
      };
      const action = typeof options.audit === "function" ? options.audit(params) : options.audit;
      if (mutation && action) audit = { deps, session, action, notes: ctx.audit };
      if (!session.user.tenants.includes(session.tenant)) {
        throw new ApiError(
          "FORBIDDEN",
          `Your account has no access to the tenant "${session.tenant}" any more. Choose another tenant.`,
        );
      }
      const role = typeof options.role === "function" ? options.role(params) : options.role;
      if (role && !hasRole(session, role)) {
        ctx.audit.target = await namedTarget(request, params);
        throw new ApiError("FORBIDDEN", ROLE_REFUSAL[role]);
      }
      // Path values are compared with database columns: text no database holds (U+0000) is refused.
      const unstorable = unstorableTextProblem(params, "The address");
      if (unstorable) throw new ApiError("VALIDATION_ERROR", unstorable);
      const response = await handler(ctx);
      if (audit) await writeAudit(audit, outcomeOf(response.status));
      return response;
    } catch (error) {
      if (audit) {
        const apiError = toApiError(error);
        await writeAudit(audit, outcomeOf(apiError.status, apiError), apiError);
      }
      return errorResponse(error);
    }
  };
}

// Targets come from the caller (path values): keep them short and free of characters (NUL) that
// the database refuses, so a hostile value cannot stop the entry from being written.
function printable(value: string): string {
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, "\uFFFD");
  return (clean.length > 300 ? `${clean.slice(0, 300)}…` : clean).toWellFormed();
}

// The audit entry for a part of a request that acts on several things (a batch's packages sent in
// one request), as the wrapper would write it for a whole request; the caller writes them together.
export function auditRecord(
  ctx: Pick<RouteContext<unknown>, "session">,
  action: string,
  notes: RouteContext<unknown>["audit"],
  error?: unknown,
): AuditEntry {
  const entry = { session: ctx.session, action, notes };
  if (error === undefined) return entryOf(entry, "success");
  const apiError = toApiError(error);
  return entryOf(entry, outcomeOf(apiError.status, apiError), apiError);
}

interface PendingAudit {
  deps: ApiDeps;
  session: ApiSession;
  action: string;
  notes: RouteContext<unknown>["audit"];
}

function entryOf(
  { session, action, notes }: Omit<PendingAudit, "deps">,
  outcome: AuditOutcome,
  error?: ApiError,
): AuditEntry {
  const detail: Record<string, unknown> = { ...notes.detail };
  if (error) {
    detail.code = error.code;
    if (error.upstream) {
      const { status, code, min } = error.upstream;
      detail.upstream = { status, code, min };
    }
  }
  return {
    actor: { id: session.user.id, name: session.user.name },
    action,
    target: notes.target === undefined ? null : printable(notes.target),
    outcome,
    tenant: session.tenant,
    detail: Object.keys(detail).length > 0 ? detail : null,
  };
}

async function writeAudit(
  entry: PendingAudit,
  outcome: AuditOutcome,
  error?: ApiError,
): Promise<void> {
  try {
    await entry.deps.recordAudit(entryOf(entry, outcome, error));
  } catch (failure) {
    // The archive has already acted; failing the answer now would tell the person it had not.
    console.error(`audit entry for ${entry.action} could not be written`, failure);
  }
}
