// The charts' colours, read from the theme's CSS variables (app/globals.css) when a chart is drawn,
// so a chart follows light and dark mode like everything else. Browser only.

export interface ChartColors {
  ink: string;
  inkMuted: string;
  line: string;
  accent: string;
  success: string;
  warning: string;
  danger: string;
}

const VARIABLES: Record<keyof ChartColors, string> = {
  ink: "--ink",
  inkMuted: "--ink-muted",
  line: "--line",
  accent: "--accent",
  success: "--success",
  warning: "--warning",
  danger: "--danger",
};

// The current theme's colours as canvas fill and stroke styles.
export function readChartColors(element: Element = document.documentElement): ChartColors {
  const style = getComputedStyle(element);
  const entries = Object.entries(VARIABLES).map(([name, variable]) => [
    name,
    style.getPropertyValue(variable).trim() || "gray",
  ]);
  return Object.fromEntries(entries) as ChartColors;
}
