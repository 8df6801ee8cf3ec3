import "server-only";
// The name of every profile the session may meet, for the pages that show profiles by id (the
// journal, the holdings): the operator's ingest profiles and the archive's preservation profiles
// (RetrieveInfo, every status). Without an answer from the archive, the ingest profiles keep their
// titles and link nowhere.
import { listIngestProfiles } from "@/lib/ingest/profiles";
import type { CurrentSession } from "@/lib/auth/session";
import { profileLabels, type ProfileLabel } from "@/lib/preservation/profile-labels";
import { readerLanguages, retrieveProfiles } from "../profiles/_lib/retrieve-info";

export async function profileLabelsFor(
  session: CurrentSession,
): Promise<Record<string, ProfileLabel>> {
  const [answer, languages] = await Promise.all([
    retrieveProfiles(session, { stat: "all" }),
    readerLanguages(),
  ]);
  return profileLabels(
    listIngestProfiles(),
    answer.ok ? answer.profiles : [],
    languages,
    new Date(),
  );
}
