// The object page's fixity line and the admin's fixity report after real audits: an embedded archive
// auditing every object about a second after the last audit, one object's stored bytes changed on
// disk. What the routes answer is rendered as the pages render it.
import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { TraceEvent } from "@scriptorium/contract/preservation/schemas";
import type { FixityReport } from "@scriptorium/contract/preservation/extensions";
import { GET as fixityReport } from "@/app/api/admin/fixity/route";
import { POST as preservation } from "@/app/api/preservation/[operation]/route";
import { FixityReportBody } from "@/components/admin/fixity-report";
import { invoke, sessionOf } from "@/lib/api/testing/harness";
import { liveArchiveForFile } from "@/lib/api/testing/live-archive";
import { FixityLine, lastFixityCheck } from "./evidence-care";

const live = liveArchiveForFile(
  { mode: "service" },
  {
    // About a second between two audits of an object, read as fast as the disk allows.
    ARCHIVE_FIXITY_INTERVAL_HOURS: "0.0003",
    ARCHIVE_FIXITY_BUDGET_MIBPS: "0",
    ARCHIVE_FIXITY_PAUSE_MS: "0",
  },
);

const b64 = (text: string) => Buffer.from(text).toString("base64");
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const call = (operation: string, body: unknown) =>
  invoke(preservation, "POST", `/api/preservation/${operation}`, { operation }, { body });

async function preserve(name: string, content: string): Promise<string> {
  const answer = await call("PreservePO", {
    pro: "urn:scriptorium:profile:general:1.0",
    po: [{ id: name, binaryData: { value: b64(content) } }],
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return (answer.json as { poId: string }).poId;
}

async function traceOf(poId: string): Promise<TraceEvent[]> {
  const answer = await call("RetrieveTrace", { poId });
  expect(answer.status).toBe(200);
  return (answer.json as { trace?: { event?: TraceEvent[] } }).trace?.event ?? [];
}

// The figure a <dt> labels, as rendered.
function figure(html: string, label: string): string | undefined {
  return new RegExp(`<dt[^>]*>${label}</dt><dd[^>]*>([^<]*)</dd>`).exec(html)?.[1];
}

describe("the fixity line and report after real audits", () => {
  it("says passed for an intact object and failed, naming the file, for a changed one", async () => {
    live.harness.session = sessionOf("admin");
    const intactText = `Minutes ${Date.now()}`;
    const harmedText = `Deed of sale ${Date.now()}`;
    const intact = await preserve("minutes.txt", intactText);
    const harmed = await preserve("deed.txt", harmedText);
    // One bit of the deed's stored bytes flipped, before its first audit (a second after ingest).
    const hash = sha256(harmedText);
    const blob = await open(
      path.join(live.archive.dataDir, "blobs", "sha256", hash.slice(0, 2), hash),
      "r+",
    );
    await blob.write(Buffer.from([harmedText.charCodeAt(0) ^ 0x01]), 0, 1, 0);
    await blob.close();

    // Audits come every second: on a busy machine the deed may pass one before its byte changed.
    const lastCheck = (events: TraceEvent[]) => lastFixityCheck(events)?.det ?? "";
    const [intactEvents, harmedEvents] = await vi.waitFor(
      async () => {
        const both = [await traceOf(intact), await traceOf(harmed)] as const;
        expect(lastCheck(both[0])).toMatch(/^passed/);
        expect(lastCheck(both[1])).toMatch(/^failed/);
        return both;
      },
      { timeout: 30_000, interval: 300 },
    );

    const passed = renderToStaticMarkup(<FixityLine events={intactEvents} />);
    expect(passed).toContain("Last fixity check: ");
    expect(passed).toMatch(/>passed<\/span> on <time dateTime="[^"]+">[^<]+ UTC<\/time>/);
    expect(passed).toContain("passed: 1 file(s), 0.00 MiB re-read and re-hashed");
    expect(passed).not.toContain("none recorded yet");

    const failed = renderToStaticMarkup(<FixityLine events={harmedEvents} />);
    expect(failed).toMatch(/>failed<\/span> on <time/);
    expect(failed).toMatch(
      /failed: &quot;deed\.txt&quot; \(version 1\): its stored bytes hash to SHA-256 [0-9a-f]{64}, not [0-9a-f]{64}/,
    );

    // The report counts both, names the changed file, and the page shows those numbers.
    const answer = await invoke(fixityReport, "GET", "/api/admin/fixity", {});
    expect(answer.status).toBe(200);
    const report = (answer.json as { available: true; report: FixityReport }).report;
    expect(report).toMatchObject({ objects: 2, checked: 2, passed: 1, failed: 1, notChecked: 0 });
    expect(report.failures).toEqual([
      expect.objectContaining({ poId: harmed, versionId: "1", file: "deed.txt" }),
    ]);
    expect(report.bytesChecked).toBeGreaterThanOrEqual(intactText.length + harmedText.length);
    const html = renderToStaticMarkup(<FixityReportBody report={report} />);
    expect(figure(html, "Checked")).toBe("2");
    expect(figure(html, "Passed")).toBe("1");
    expect(figure(html, "Failed")).toBe("1");
    expect(figure(html, "Not yet checked")).toBe("0");
    expect(html).toContain(
      `>${harmed}</a> version 1, file <span class="font-mono">deed.txt</span>`,
    );
  }, 90_000);
});
