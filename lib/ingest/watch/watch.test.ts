import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { nextPollDelay } from "./backoff";
import { groupPluginReports, messageLines, pluginOutcomeOf } from "./plugin-reports";
import { stalledMinutes } from "./progress";
import { nextSnapshot, snapshotChanged, WatchEvent, type SipSnapshot } from "./snapshot";
import { endsStream, sseEvent } from "./sse";
import { timelineOf } from "./timeline";

const report = (pluginName: string, status: string, executionDate: string, message = "") => ({
  pluginName,
  status,
  message,
  executionDate,
});

describe("plugin reports", () => {
  const reports = [
    report("content-retrieval", "SUCCESS", "2025-01-01T10:00:01Z"),
    report("format-identification", "WARNING", "2025-01-01T10:00:03Z", "Not sure"),
    report("fixity", "SUCCESS", "2025-01-01T10:00:02Z"),
    report("metadata-validation", "FAILURE", "2025-01-01T10:00:04Z", "Metadata is not valid: a; b"),
    report("format-identification", "SUCCESS", "2025-01-01T10:00:02.5Z"),
  ];

  it("puts failures first, then warnings, grouped by plugin in the order they ran", () => {
    const groups = groupPluginReports(reports);
    expect(groups.map((g) => [g.pluginName, g.worst])).toEqual([
      ["metadata-validation", "FAILURE"],
      ["format-identification", "WARNING"],
      ["content-retrieval", "SUCCESS"],
      ["fixity", "SUCCESS"],
    ]);
    expect(groups[1]?.reports.map((r) => r.status)).toEqual(["SUCCESS", "WARNING"]);
  });

  it("ranks a status the upstream invented between warnings and successes", () => {
    const groups = groupPluginReports([
      report("a", "SUCCESS", "2025-01-01T10:00:00Z"),
      report("b", "SKIPPED", "2025-01-01T10:00:01Z"),
    ]);
    expect(groups.map((g) => g.worst)).toEqual(["SKIPPED", "SUCCESS"]);
  });

  it("summarises the outcome as the most serious status, null without reports", () => {
    expect(pluginOutcomeOf(reports)).toBe("FAILURE");
    expect(pluginOutcomeOf(reports.filter((r) => r.status !== "FAILURE"))).toBe("WARNING");
    expect(pluginOutcomeOf([report("a", "SUCCESS", "x")])).toBe("SUCCESS");
    expect(pluginOutcomeOf([])).toBeNull();
    expect(pluginOutcomeOf(null)).toBeNull();
    expect(pluginOutcomeOf({ status: "FAILURE" })).toBeNull();
  });

  it("splits a message listing several problems into lines", () => {
    expect(messageLines("Metadata is not valid: title is required; date must be a date.")).toEqual([
      "Metadata is not valid: title is required",
      "date must be a date.",
    ]);
    expect(messageLines("All good.")).toEqual(["All good."]);
    const sentence =
      "The format could not be identified with certainty; the file is kept as: unknown.";
    expect(messageLines(sentence)).toEqual([sentence]);
  });
});

describe("snapshots", () => {
  const at = new Date("2025-01-01T10:00:05Z");
  const first = nextSnapshot(
    null,
    { packageId: "p", name: "sip-1", status: "PENDING", submissionDate: "2025-01-01T10:00:00Z" },
    "sip-1",
    at,
  );

  it("records each status change once, and keeps plugin reports an answer leaves out", () => {
    const same = nextSnapshot(
      first,
      { packageId: "p", status: "PENDING" },
      "sip-1",
      new Date("2025-01-01T10:00:06Z"),
    );
    expect(snapshotChanged(first, same)).toBe(false);
    const withReports = nextSnapshot(
      same,
      {
        packageId: "p",
        status: "PROCESSING",
        pluginReports: [{ pluginName: "fixity", status: "SUCCESS" }],
      },
      "sip-1",
      new Date("2025-01-01T10:00:07Z"),
    );
    const without = nextSnapshot(
      withReports,
      { packageId: "p", status: "PROCESSING" },
      "sip-1",
      new Date("2025-01-01T10:00:08Z"),
    );
    expect(snapshotChanged(same, withReports)).toBe(true);
    expect(without.pluginReports).toEqual([
      { pluginName: "fixity", status: "SUCCESS", message: "", executionDate: null },
    ]);
    expect(without.history).toEqual([
      { status: "PENDING", at: "2025-01-01T10:00:05.000Z" },
      { status: "PROCESSING", at: "2025-01-01T10:00:07.000Z" },
    ]);
  });

  it("shows an unknown status verbatim, in progress", () => {
    const odd = nextSnapshot(first, { packageId: "p", status: "AWAITING_APPROVAL" }, "sip-1", at);
    expect(odd).toMatchObject({ status: "AWAITING_APPROVAL", terminal: false });
    expect(timelineOf(odd).at(-1)).toMatchObject({ label: "AWAITING_APPROVAL", tone: "progress" });
  });

  it("travels as one server-sent event the browser parses back", () => {
    const text = sseEvent({ type: "snapshot", snapshot: first });
    expect(text).toMatch(/^event: snapshot\ndata: \{.*\}\n\n$/);
    const data = JSON.parse(text.split("\n")[1]!.slice("data: ".length));
    expect(v.parse(WatchEvent, data)).toEqual({ type: "snapshot", snapshot: first });
    expect(endsStream({ type: "snapshot", snapshot: first })).toBe(false);
    expect(endsStream({ type: "snapshot", snapshot: { ...first, terminal: true } })).toBe(true);
  });
});

describe("no progress flag", () => {
  const snapshot: Pick<SipSnapshot, "terminal" | "submissionDate" | "pluginReports" | "history"> = {
    terminal: false,
    submissionDate: "2025-01-01T10:00:00Z",
    pluginReports: [
      {
        pluginName: "fixity",
        status: "SUCCESS",
        message: "",
        executionDate: "2025-01-01T10:02:00Z",
      },
    ],
    history: [{ status: "PROCESSING", at: "2025-01-01T10:30:00Z" }],
  };
  const t = (iso: string) => Date.parse(iso);

  it("counts minutes since the last plugin run or seen change, not since the dashboard first looked", () => {
    expect(stalledMinutes(snapshot, t("2025-01-01T10:06:59Z"))).toBeNull();
    expect(stalledMinutes(snapshot, t("2025-01-01T10:09:30Z"))).toBe(7);
    const moved = {
      ...snapshot,
      history: [...snapshot.history, { status: "VALIDATING", at: "2025-01-01T10:31:00Z" }],
    };
    expect(stalledMinutes(moved, t("2025-01-01T10:33:00Z"))).toBeNull();
  });

  it("never flags a finished SIP", () => {
    expect(stalledMinutes({ ...snapshot, terminal: true }, t("2025-01-02T10:00:00Z"))).toBeNull();
  });
});

describe("poll pacing", () => {
  it("doubles from 1 s up to 15 s while unchanged and drops back to 1 s on a change", () => {
    const delays: number[] = [];
    let d: number | null = null;
    for (let i = 0; i < 6; i++) delays.push((d = nextPollDelay(d, false)));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 15_000, 15_000]);
    expect(nextPollDelay(15_000, true)).toBe(1_000);
  });
});

describe("readable package information", () => {
  it("labels metadata with the schema's titles, lists as lists and objects nested", async () => {
    const { readableMetadata, permissionText } = await import("./readable");
    const schema = {
      properties: {
        title: { title: "Title" },
        creator: { title: "Creator" },
        retention: { title: "Retention", properties: { policy: { title: "Policy" } } },
      },
    };
    expect(
      readableMetadata(
        {
          title: "Minutes",
          creator: ["Smith, Jane"],
          retention: { policy: "destroy" },
          extra: true,
        },
        schema,
      ),
    ).toEqual([
      { label: "Title", value: "Minutes" },
      { label: "Creator", value: ["Smith, Jane"] },
      { label: "Retention", value: [{ label: "Policy", value: "destroy" }] },
      { label: "extra", value: "Yes" },
    ]);
    expect(permissionText("UPDATE_METADATA")).toBe("Update its metadata");
    expect(permissionText("ARCHIVE_ADMIN")).toBe("ARCHIVE_ADMIN");
  });
});
