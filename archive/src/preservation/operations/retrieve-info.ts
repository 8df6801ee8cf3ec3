// RetrieveInfo: the configured profiles, filtered by status (default active) and by pid.
import type { RetrieveInfoRequest } from "@scriptorium/contract/preservation/schemas";
import type { Operation } from "../context";
import { requesterError } from "../errors";
import { selectProfiles, toEtsiProfile } from "../profiles";
import { certificatesPem } from "../tsa-key";

// POST /preservation/RetrieveInfo – list preservation profiles
export const retrieveInfo: Operation<RetrieveInfoRequest> = async (request, ctx) => {
  const all = ctx.services.profiles.list();
  // A pid the archive never offered is a mistake worth naming; a known one filtered out by stat is not.
  if (request.pro !== undefined && !all.some((p) => p.pid === request.pro)) {
    throw requesterError("parameterError", `The archive offers no profile "${request.pro}".`);
  }
  const selected = selectProfiles(all, { pro: request.pro, stat: request.stat }, ctx.now);
  const chain = certificatesPem(ctx.services.tsa.tsa.certificates);
  return { body: { pro: selected.map((profile) => toEtsiProfile(profile, chain)) } };
};
