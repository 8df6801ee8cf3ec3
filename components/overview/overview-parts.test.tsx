// What the overview's server-renderable parts say: the empty state of a fresh archive, and the
// formats card's account of what its numbers cover.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EmptyOverview } from "./empty-overview";
import { coverageSentence, FormatsCard } from "./formats-card";

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("EmptyOverview", () => {
  it("explains the page to an admin of a fresh embedded archive and names the demo command", () => {
    const html = text(
      renderToStaticMarkup(<EmptyOverview scope="tenant" tenant="demo" embeddedArchive />),
    );
    expect(html).toContain("Nothing has been ingested in demo yet");
    expect(html).toContain("in the tenant demo");
    expect(html).toContain("npm run demo");
    expect(html).toContain("Send a first package");
  });

  it("speaks to an archivist about their own submissions, and offers no demo against a real archive", () => {
    const html = text(
      renderToStaticMarkup(<EmptyOverview scope="own" tenant="demo" embeddedArchive={false} />),
    );
    expect(html).toContain("You have not ingested anything yet");
    expect(html).toContain("by you");
    expect(html).not.toContain("npm run demo");
  });
});

describe("the formats card", () => {
  const sample = {
    ok: true as const,
    packages: 50,
    read: 47,
    gone: 2,
    unreadable: 1,
    files: 120,
    bytes: 5 * 1024 * 1024,
    formats: [
      {
        formatName: "Portable Network Graphics",
        puid: "fmt/12",
        mimeType: "image/png",
        files: 120,
        bytes: 5 * 1024 * 1024,
      },
    ],
    readAt: "2025-01-01T00:00:00Z",
  };

  it("says which packages its numbers cover and which it could not read", () => {
    expect(coverageSentence(sample)).toBe(
      "Files of the last 50 ingested packages (the latest version of each), as the archive identified them. 2 packages are no longer in the archive; 1 package could not be read just now.",
    );
  });

  it("shows storage and each format with its PRONOM id, or the archive's refusal instead of zeros", () => {
    const html = text(
      renderToStaticMarkup(<FormatsCard sample={sample} now={new Date("2025-01-01T00:01:00Z")} />),
    );
    expect(html).toContain("Storage used by these packages 5 MB");
    expect(html).toContain("Portable Network Graphics fmt/12");
    expect(html).toContain("120 files, 5 MB");
    const down = text(
      renderToStaticMarkup(
        <FormatsCard
          sample={{ ok: false, message: "The archive did not answer in time." }}
          now={new Date()}
        />,
      ),
    );
    expect(down).toContain("The archive did not answer in time.");
    expect(down).not.toContain("Storage used");
  });
});
