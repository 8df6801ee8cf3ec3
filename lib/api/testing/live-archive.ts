// One embedded archive and one /api harness for a whole test file: started before its first test,
// closed after its last (the harness first, so no route reaches a closed archive).
import { afterAll, beforeAll } from "vitest";
import { startTestArchive, type TestArchive } from "./archive";
import { startHarness, type Harness, type HarnessOptions } from "./harness";

export interface LiveArchive {
  archive: TestArchive;
  harness: Harness;
}

export function liveArchiveForFile(
  options: Omit<HarnessOptions, "archiveUrl"> = { mode: "service" },
  // The archive's environment (ARCHIVE_*), e.g. a short fixity interval.
  archiveEnv: Record<string, string> = {},
): LiveArchive {
  // Filled in by beforeAll; the tests read it only once it has run.
  const live = {} as LiveArchive;
  beforeAll(async () => {
    live.archive = await startTestArchive(archiveEnv);
    live.harness = await startHarness({ ...options, archiveUrl: live.archive.url });
  }, 120_000);
  afterAll(async () => {
    await live.harness?.close();
    await live.archive?.close();
  });
  return live;
}
