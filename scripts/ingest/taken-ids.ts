// Which of the spreadsheet's package ids the archive already holds. The ingest API has no read of
// a package, and sending one of them would add a version to it, so the preservation API is asked:
// RetrievePO of the package's evidence records only (a few KB, never its files), a few at a time;
// unknownPOID means the id is free.
import { isUnknownObject } from "@/lib/catalogue/recorder";
import type { PreservationClient } from "@/lib/preservation/client";

export interface TakenIdsContext {
  preservation: PreservationClient;
  tenant: string;
  token: () => Promise<string>;
}

const AT_A_TIME = 6;

export async function takenInArchive(
  context: TakenIdsContext,
  ids: readonly string[],
): Promise<Set<string>> {
  const taken = new Set<string>();
  const queue = [...new Set(ids)];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        await context.preservation.call(
          { token: await context.token(), tenant: context.tenant },
          "RetrievePO",
          { poId: id, sor: "Evidence" },
        );
        taken.add(id);
      } catch (error) {
        if (!isUnknownObject(error)) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_A_TIME, queue.length) }, worker));
  return taken;
}
