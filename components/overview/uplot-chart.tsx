"use client";
// One uPlot chart that fills its container's width, redrawn when the width or the theme changes.
// The canvas is hidden from assistive technology: every chart comes with a sentence and a table.
import { useEffect, useRef, useSyncExternalStore } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { cn } from "@/lib/utils";
import { readChartColors, type ChartColors } from "./chart-colors";

export interface UplotChartProps {
  // Options for the given colours and width (height is the prop's).
  options: (colors: ChartColors) => Omit<uPlot.Options, "width" | "height">;
  data: uPlot.AlignedData;
  height: number;
  className?: string;
}

// The theme class on <html>, watched directly: the theme provider sets it in an effect that runs
// after its children's effects, so its own state would make a chart read the old colours.
function subscribeToThemeClass(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}
const themeClass = () => document.documentElement.className;

// A chart drawn into a div; it is rebuilt when the data, options or theme change.
export function UplotChart({ options, data, height, className }: UplotChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const theme = useSyncExternalStore(subscribeToThemeClass, themeClass, () => "");

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const width = () => Math.max(200, Math.floor(element.clientWidth));
    const chart = new uPlot(
      { ...options(readChartColors()), width: width(), height },
      data,
      element,
    );
    const observer = new ResizeObserver(() => chart.setSize({ width: width(), height }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
    // theme: the colours come from CSS variables that the theme class changes.
  }, [options, data, height, theme]);

  return (
    <div
      ref={container}
      aria-hidden="true"
      className={cn("w-full overflow-hidden", className)}
      style={{ minHeight: height }}
    />
  );
}
