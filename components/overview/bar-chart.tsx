"use client";
// A bar chart of whole counts per category, as boxes the server can render: stacked bars, y grid
// lines with their counts, x labels thinned to the width. Its height is fixed, so nothing moves
// when it appears or when the browser thins the labels; the colours are the theme's utilities, so
// it follows light and dark mode by itself. Hidden from assistive technology: every chart comes
// with a sentence and a table.
import { useLayoutEffect, useRef, useState } from "react";
import { clsx } from "clsx";
import { countMax, countTicks, labelStep } from "./chart-axes";

// Room above the plot for the top count's label.
const TOP = 8;
// The y labels' column.
const AXIS_WIDTH = 40;
// The x tick marks under the plot.
const TICK = 4;
// Until the browser measures the plot: the overview's width on a desktop.
const ASSUMED_WIDTH = 900;

export interface BarChartProps {
  // One per category, along x.
  labels: readonly string[];
  // Per category, the stacked values from the bottom up (one per band).
  stacks: readonly (readonly number[])[];
  // Per band, bottom up: the background utility it is drawn in (bg-success, ...).
  swatches: readonly string[];
  // The whole chart, x labels included, and the part of it under the plot.
  height: number;
  axisHeight: number;
  // Bar width as a share of a category's width, and at most this many px.
  barSize: readonly [number, number];
  // Least room (px) per x label and the steps labels may be thinned by.
  labelSpace: number;
  labelSteps: readonly number[];
  // The category under the pointer, or null when it leaves the plot.
  onHover?: (index: number | null) => void;
}

export function BarChart({
  labels,
  stacks,
  swatches,
  height,
  axisHeight,
  barSize,
  labelSpace,
  labelSteps,
  onHover,
}: BarChartProps) {
  const plot = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(ASSUMED_WIDTH);
  useLayoutEffect(() => {
    const element = plot.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const plotHeight = height - TOP - axisHeight;
  const max = countMax(Math.max(0, ...stacks.map((s) => s.reduce((a, b) => a + b, 0))));
  const ticks = countTicks(max, plotHeight);
  const step = labelStep(width, labels.length, labelSpace, labelSteps);
  const at = (count: number) => `${(count / max) * 100}%`;
  const centre = (index: number) => `${((index + 0.5) / Math.max(1, labels.length)) * 100}%`;

  const hover = (clientX: number) => {
    const element = plot.current;
    if (!onHover || !element || labels.length === 0) return;
    const box = element.getBoundingClientRect();
    const index = Math.floor(((clientX - box.left) / box.width) * labels.length);
    onHover(index >= 0 && index < labels.length ? index : null);
  };

  return (
    <div
      aria-hidden="true"
      className="text-ink-muted relative flex w-full text-xs select-none"
      style={{ height }}
    >
      <div
        className="relative shrink-0"
        style={{ width: AXIS_WIDTH, marginTop: TOP, height: plotHeight }}
      >
        {ticks.map((t) => (
          <span
            key={t}
            className="absolute right-2 translate-y-1/2 leading-none tabular-nums"
            style={{ bottom: at(t) }}
          >
            {t}
          </span>
        ))}
      </div>
      <div className="relative min-w-0 flex-1" style={{ marginTop: TOP }}>
        <div
          ref={plot}
          className="relative"
          style={{ height: plotHeight }}
          onPointerMove={(event) => hover(event.clientX)}
          onPointerLeave={() => onHover?.(null)}
        >
          {ticks.map((t) => (
            <div
              key={t}
              className="border-line absolute inset-x-0 border-t"
              style={{ bottom: at(t) }}
            />
          ))}
          <div className="absolute inset-0 flex">
            {stacks.map((stack, i) => (
              <div key={i} className="flex h-full flex-1 justify-center">
                <div
                  className="flex h-full flex-col-reverse"
                  style={{ width: `${barSize[0] * 100}%`, maxWidth: barSize[1] }}
                >
                  {stack.map((value, band) =>
                    value > 0 ? (
                      <div
                        key={band}
                        data-band={band}
                        className={clsx("shrink-0", swatches[band])}
                        style={{ height: at(value) }}
                      />
                    ) : null,
                  )}
                </div>
              </div>
            ))}
          </div>
        </div>
        {labels.map((label, i) =>
          i % step === 0 ? (
            <span
              key={i}
              className="absolute -translate-x-1/2 whitespace-nowrap"
              style={{ left: centre(i), top: plotHeight + TICK + 4 }}
            >
              <span
                className="border-line absolute left-1/2 border-l"
                style={{ top: -TICK - 4, height: TICK }}
              />
              {label}
            </span>
          ) : null,
        )}
      </div>
    </div>
  );
}
