import "server-only";
// What the ingest route handlers share: the enrichers the caller asks for, the journal entry of an
// accepted SIP, and the JSON answer.
import {
  parseEnrichers,
  unknownEnrichers,
  type Enricher,
  type IngestDocumentRequest,
  type IngestResponse,
  type UpdateDocumentRequest,
} from "@scriptorium/contract/ingest/schemas";
import type { Accepted } from "@/lib/ingest/client";
import { ApiError } from "./errors";
import type { RouteContext } from "./handler";
import { jsonResponse } from "./json-response";

// The enrichers named by the `enrichers` header and/or `?enrichers=` (comma-separated, repeatable).
export function requestedEnrichers(request: Request): Enricher[] {
  const values = [
    ...(request.headers.get("enrichers") ?? "").split(","),
    ...new URL(request.url).searchParams.getAll("enrichers"),
  ];
  const unknown = unknownEnrichers(values);
  if (unknown.length > 0) {
    throw new ApiError(
      "VALIDATION_ERROR",
      `enrichers names no enricher "${unknown.join('", "')}" (known: pluginreports, permissions, metadata, breadcrumbs, representations, searchcolumns, userPackage)`,
      { field: "enrichers" },
    );
  }
  return parseEnrichers(values);
}

const noStore = { "Cache-Control": "no-store" };

// Where the dashboard answers the status of a SIP.
export function statusPath(packageId: string, submissionName: string): string {
  return `/api/ingest/sip/${encodeURIComponent(packageId)}/${encodeURIComponent(submissionName)}`;
}

// Journals and catalogues an accepted SIP and answers it with the archive's status (201) and
// where to follow it. `request` carries the title and files when the dashboard sent them.
export async function acceptedAnswer(
  ctx: RouteContext<unknown>,
  answer: Accepted<IngestResponse>,
  profile: string | null,
  request: IngestDocumentRequest | UpdateDocumentRequest | null = null,
): Promise<Response> {
  const { packageId, name, status } = answer.body;
  ctx.audit.target = packageId;
  ctx.audit.detail = { ...ctx.audit.detail, submissionName: name, status };
  await recordAccepted(ctx, [{ body: answer.body, profile, request }]);
  const headers: Record<string, string> = { ...noStore };
  if (name) headers.Location = statusPath(packageId, name);
  return jsonResponse(answer.body, { status: answer.status, headers });
}

export interface AcceptedSip {
  body: IngestResponse;
  profile: string | null;
  request: IngestDocumentRequest | UpdateDocumentRequest | null;
}

// Writes accepted SIPs into the journal (one statement; a failure there is logged, not answered:
// the archive has the SIPs) and the holdings catalogue (one transaction).
export async function recordAccepted(
  ctx: Pick<RouteContext<unknown>, "session" | "deps">,
  accepted: readonly AcceptedSip[],
): Promise<void> {
  if (accepted.length === 0) return;
  const user = { id: ctx.session.user.id, name: ctx.session.user.name };
  const { tenant } = ctx.session;
  try {
    await ctx.deps.journal.recordSubmissions(
      accepted.flatMap(({ body, profile }) =>
        body.name
          ? [
              {
                tenant,
                packageId: body.packageId,
                submissionName: body.name,
                profile,
                user,
                status: body.status ?? null,
                pluginReports: body.pluginReports,
              },
            ]
          : [],
      ),
    );
  } catch (error) {
    // The archive has accepted the SIPs: telling the person it failed would invite a duplicate.
    const names = accepted.map(({ body }) => `${body.packageId}/${body.name}`).join(", ");
    console.error(`journal entries for ${names} could not be written`, error);
  }
  await ctx.deps.catalogue.ingestAccepted(
    tenant,
    accepted.map(({ body, profile, request }) => ({ user, profile, request, answer: body })),
  );
}

// A JSON answer that no cache keeps.
export function jsonAnswer(body: unknown, status = 200): Response {
  return jsonResponse(body, { status, headers: noStore });
}
