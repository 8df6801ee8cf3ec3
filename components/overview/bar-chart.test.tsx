// What the bar chart draws on the server: a box of fixed height (so nothing moves when the figures
// arrive or the browser takes over), each band's bar in proportion to the scale, and its labels.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChart } from "./bar-chart";

function draw(stacks: number[][], labels = stacks.map((_, i) => `d${i}`)): string {
  return renderToStaticMarkup(
    <BarChart
      labels={labels}
      stacks={stacks}
      swatches={["bg-success", "bg-danger"]}
      height={220}
      axisHeight={50}
      barSize={[0.72, 36]}
      labelSpace={48}
      labelSteps={[1, 2, 3]}
    />,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("BarChart", () => {
  it("takes exactly its height and hides from assistive technology", () => {
    const html = draw([[1, 0]]);
    expect(html).toMatch(/^<div aria-hidden="true" class="[^"]*" style="height:220px">/);
  });

  it("stacks the bands bottom up, each in proportion to the scale (0..13 for 11)", () => {
    const html = draw([
      [9, 2],
      [0, 0],
    ]);
    const bands = [
      ...html.matchAll(/<div data-band="(\d)" class="([^"]*)" style="height:([^"]*)"/g),
    ];
    expect(bands.map((m) => [m[1], m[2], m[3]])).toEqual([
      ["0", "shrink-0 bg-success", `${(9 / 13) * 100}%`],
      ["1", "shrink-0 bg-danger", `${(2 / 13) * 100}%`],
    ]);
    // Grid lines at 0, 5 and 10 with their counts.
    expect(text(html).trim().split(" ").slice(0, 3)).toEqual(["0", "5", "10"]);
  });

  it("labels every other day of 30 on a desktop-wide plot", () => {
    const labels = Array.from({ length: 30 }, (_, i) => `day${i}`);
    const words = text(
      draw(
        labels.map(() => [1, 0]),
        labels,
      ),
    ).split(" ");
    expect(words.filter((w) => w.startsWith("day"))).toEqual(labels.filter((_, i) => i % 2 === 0));
  });
});
