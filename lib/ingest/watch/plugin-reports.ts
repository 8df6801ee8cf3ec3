// Plugin reports as a reader wants them: failures first, then warnings, grouped by plugin, the
// messages split into readable lines; and the one-word outcome the journal keeps.

export interface ReportLike {
  pluginName?: string | null;
  status?: string | null;
  message?: string | null;
  executionDate?: string | null;
}

export const PLUGIN_OUTCOMES = ["FAILURE", "WARNING", "SUCCESS"] as const;
export type PluginOutcome = (typeof PLUGIN_OUTCOMES)[number];

// FAILURE, then WARNING, then any status the upstream invents, then SUCCESS.
export function statusRank(status: string): number {
  if (status === "FAILURE") return 0;
  if (status === "WARNING") return 1;
  if (status === "SUCCESS") return 3;
  return 2;
}

export interface ReportGroup<R extends ReportLike> {
  pluginName: string;
  // The group's most serious status.
  worst: string;
  // In the order the plugin ran them.
  reports: R[];
}

const timeOf = (r: ReportLike) => (r.executionDate ? Date.parse(r.executionDate) || 0 : 0);

// The reports grouped by plugin, the most serious group first; ties keep the order the plugins ran.
export function groupPluginReports<R extends ReportLike>(reports: readonly R[]): ReportGroup<R>[] {
  const groups = new Map<string, R[]>();
  for (const report of reports) {
    const name = report.pluginName || "unnamed plugin";
    groups.set(name, [...(groups.get(name) ?? []), report]);
  }
  const list = [...groups.entries()].map(([pluginName, items]) => {
    const sorted = [...items].sort((a, b) => timeOf(a) - timeOf(b));
    const worst =
      sorted.map((r) => r.status ?? "UNKNOWN").sort((a, b) => statusRank(a) - statusRank(b))[0] ??
      "UNKNOWN";
    return { pluginName, worst, reports: sorted, first: Math.min(...sorted.map(timeOf)) };
  });
  list.sort((a, b) => statusRank(a.worst) - statusRank(b.worst) || a.first - b.first);
  return list.map(({ pluginName, worst, reports: r }) => ({ pluginName, worst, reports: r }));
}

// The journal's one-word summary: FAILURE if any plugin failed, else WARNING if any warned, else
// SUCCESS; null when there are no reports (yet), or the value is not a list of reports.
export function pluginOutcomeOf(reports: unknown): PluginOutcome | null {
  if (!Array.isArray(reports) || reports.length === 0) return null;
  const statuses = new Set(
    reports.map((r) => (typeof r === "object" && r !== null ? (r as ReportLike).status : null)),
  );
  if (statuses.has("FAILURE")) return "FAILURE";
  if (statuses.has("WARNING")) return "WARNING";
  return "SUCCESS";
}

// A plugin message in lines: the archive lists several problems as "<what>: a; b; c", which
// reads better one per line. A "; " that only joins two clauses of a sentence is left alone.
export function messageLines(message: string): string[] {
  const first = message.indexOf("; ");
  if (first === -1 || !message.slice(0, first).includes(": ")) return [message];
  const lines = message
    .split(/;\s+(?=\S)/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  return lines.length > 0 ? lines : [message];
}
