// The scales of the overview's bar charts: categories along x (days, duration buckets) and whole
// counts up y. Pure: the server lays the chart out with them, the browser thins the x labels.

// Whole-count steps between y grid lines, and the least room (px) between two of them.
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000];
const COUNT_SPACE = 30;

// The top of the y scale: a little above the tallest bar, at least 4.
export function countMax(tallest: number): number {
  return Math.max(4, Math.ceil(tallest * 1.1));
}

// The counts with a grid line, 0 first: the smallest step that leaves COUNT_SPACE px between lines.
export function countTicks(max: number, plotHeight: number): number[] {
  const perUnit = plotHeight / max;
  const step =
    COUNT_STEPS.find((s) => s * perUnit >= COUNT_SPACE) ?? (COUNT_STEPS.at(-1) as number);
  const ticks: number[] = [];
  for (let v = 0; v <= max; v += step) ticks.push(v);
  return ticks;
}

// Every how many categories a label fits: the smallest of `steps` that leaves `space` px per label
// on a plot `width` px wide (the last step when none does).
export function labelStep(
  width: number,
  count: number,
  space: number,
  steps: readonly number[],
): number {
  const perCategory = width / Math.max(1, count);
  return steps.find((s) => s * perCategory >= space) ?? (steps.at(-1) as number);
}
