// Axes shared by the overview's bar charts: categories along x (days, duration buckets) and
// whole counts up y, in the theme's colours.
import type uPlot from "uplot";
import type { ChartColors } from "./chart-colors";

const FONT = "12px ui-sans-serif, system-ui, sans-serif";

// x: one category per whole number, labelled from `labels`; labels thin out when space is short.
export function indexAxis(c: ChartColors, labels: readonly string[]): uPlot.Axis {
  return {
    stroke: c.inkMuted,
    font: FONT,
    grid: { show: false },
    ticks: { stroke: c.line, width: 1, size: 4 },
    space: 48,
    incrs: [1, 2, 3, 5, 7, 10, 14],
    values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? (labels[v] ?? "") : "")),
  };
}

// y: whole counts only.
export function countAxis(c: ChartColors): uPlot.Axis {
  return {
    stroke: c.inkMuted,
    font: FONT,
    grid: { stroke: c.line, width: 1 },
    ticks: { show: false },
    size: 40,
    incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000],
    values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : "")),
  };
}
