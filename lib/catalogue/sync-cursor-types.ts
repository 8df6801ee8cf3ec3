// What a sync run counts, and the summary of a finished or stopped run (browser-safe).
export type StepCounts = {
  listed: number;
  retrieved: number;
  corrected: number;
  failed: number;
};

// A type, not an interface: it is stored in a jsonb column typed as a record.
export type LastRun = StepCounts & {
  startedAt: string;
  finishedAt: string;
  outcome: "finished" | "stopped";
  message: string | null;
};
