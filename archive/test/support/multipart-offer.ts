// Whether the suite runs the multipart tests. An archive without the extension answers
// POST /ingest/uploads 404 (or 405/501, as the dashboard also reads it) and the tests are skipped;
// the embedded archive offers it by default, so there any answer but 201 is a broken archive or a
// broken probe, and the tests fail rather than skip. So does any other answer elsewhere.
import type { Answer } from "./client";
import type { ArchiveTarget } from "./target";

const ABSENT = new Set([404, 405, 501]);

export function multipartOffered(target: Pick<ArchiveTarget, "embedded">, probe: Answer): boolean {
  if (probe.status === 201) return true;
  if (!target.embedded && ABSENT.has(probe.status)) return false;
  const what = target.embedded ? "The embedded archive offers multipart uploads, yet" : "";
  throw new Error(
    `${what ? `${what} ` : ""}POST /ingest/uploads answered ${probe.status}${
      target.embedded
        ? ""
        : ", which says neither that the archive offers multipart uploads nor that it lacks them"
    }: ${JSON.stringify(probe.json).slice(0, 300)}`,
  );
}
