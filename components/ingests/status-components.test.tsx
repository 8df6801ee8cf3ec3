import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PluginReports } from "./plugin-reports";
import { PluginStatusBadge, SipStatusBadge } from "./status-badge";
import { StatusTimeline } from "./status-timeline";

const report = (
  pluginName: string,
  status: string,
  message: string,
  executionDate = "2025-03-01T09:00:00.000Z",
) => ({
  pluginName,
  status,
  message,
  executionDate,
});

describe("PluginReports", () => {
  const html = renderToStaticMarkup(
    <PluginReports
      reports={[
        report("fixity", "SUCCESS", "SHA-256 computed and stored for 1 file(s)."),
        report("format-identification", "WARNING", "Not identified with certainty."),
        report(
          "metadata-validation",
          "FAILURE",
          "Metadata is not valid: title is required; date must be a date.",
        ),
      ]}
    />,
  );

  it("lists the failing plugin first, then the warning, with each problem on its own line", () => {
    const order = ["metadata-validation", "format-identification", "fixity"].map((name) =>
      html.indexOf(`<span>${name}</span>`),
    );
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(html).toContain(
      '<li class="break-words">Metadata is not valid: title is required</li><li class="break-words">date must be a date.</li>',
    );
  });

  it("gives each run its time as a machine-readable <time>", () => {
    expect(html).toContain('<time dateTime="2025-03-01T09:00:00.000Z"');
  });

  it("says so when no plugin has reported yet", () => {
    expect(renderToStaticMarkup(<PluginReports reports={[]} />)).toContain(
      "No plugin has reported yet.",
    );
  });
});

describe("status words", () => {
  it("shows a status the dashboard does not know as sent, in the in-progress colour", () => {
    const html = renderToStaticMarkup(<SipStatusBadge status="AWAITING_APPROVAL" />);
    expect(html).toContain(">AWAITING_APPROVAL<");
    expect(html).toContain("bg-accent-soft");
    expect(renderToStaticMarkup(<SipStatusBadge status={null} />)).toContain(">not known yet<");
    expect(renderToStaticMarkup(<PluginStatusBadge status="SKIPPED" />)).toContain(">SKIPPED<");
  });

  it("lays out the timeline oldest first, the first status marked as first seen", () => {
    const html = renderToStaticMarkup(
      <StatusTimeline
        snapshot={{
          submissionDate: "2025-03-01T09:00:00.000Z",
          history: [
            { status: "PENDING", at: "2025-03-01T09:00:01.000Z" },
            { status: "INGESTED", at: "2025-03-01T09:00:05.000Z" },
          ],
        }}
      />,
    );
    const words = [...html.matchAll(/<p class="text-ink text-sm font-medium">([^<]+)<\/p>/g)].map(
      (m) => m[1],
    );
    expect(words).toEqual(["Submitted", "PENDING", "INGESTED"]);
    expect(html).toContain("first seen by the dashboard");
    expect(html).toContain("final status");
  });
});
