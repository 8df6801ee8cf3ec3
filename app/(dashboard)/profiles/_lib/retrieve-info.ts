import "server-only";
// RetrieveInfo for the profile pages' first render, straight through the server-side client with
// the signed-in user's upstream token; a refusal comes back as an ApiError to show, not to throw.
import { headers } from "next/headers";
import { apiDeps } from "@/lib/api/deps";
import type { ApiError } from "@/lib/api/errors";
import type { CurrentSession } from "@/lib/auth/session";
import { toApiError } from "@/lib/api/errors";
import { preferredLanguages } from "@/lib/preservation/profile-text";
import type { Profile } from "@scriptorium/contract/preservation/schemas";

export type ProfilesAnswer = { ok: true; profiles: Profile[] } | { ok: false; error: ApiError };

// The profiles with the given status (or the one `pro` names) in the session's tenant.
export async function retrieveProfiles(
  session: CurrentSession,
  request: { stat?: "active" | "inactive" | "all"; pro?: string },
): Promise<ProfilesAnswer> {
  try {
    const deps = await apiDeps();
    const token = await deps.getUpstreamToken(session);
    const answer = await deps.preservation.call(
      { token, tenant: session.tenant },
      "RetrieveInfo",
      request,
    );
    return { ok: true, profiles: answer.body.pro ?? [] };
  } catch (error) {
    return { ok: false, error: toApiError(error) };
  }
}

// The reader's languages, from the browser's Accept-Language.
export async function readerLanguages(): Promise<string[]> {
  return preferredLanguages((await headers()).get("accept-language"));
}
