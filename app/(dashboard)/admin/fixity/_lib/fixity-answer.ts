import "server-only";
// The fixity report for the page's first render, through the server-side client with the signed-in
// admin's upstream token; a refusal comes back as an ApiError to show, not to throw.
import { apiDeps } from "@/lib/api/deps";
import { toApiError, type ApiError } from "@/lib/api/errors";
import type { CurrentSession } from "@/lib/auth/session";
import { readFixityReport, type FixityAnswer } from "@/lib/fixity/report";

export type FixityPageAnswer = { ok: true; answer: FixityAnswer } | { ok: false; error: ApiError };

// The current tenant's report, or why it could not be read.
export async function fixityAnswer(session: CurrentSession): Promise<FixityPageAnswer> {
  try {
    const deps = await apiDeps();
    const token = await deps.getUpstreamToken(session);
    return {
      ok: true,
      answer: await readFixityReport(deps.preservation, { token, tenant: session.tenant }),
    };
  } catch (error) {
    return { ok: false, error: toApiError(error) };
  }
}
