// The plugin reports and trace events of a running SIP, kept in memory and written in one go: two
// multi-row inserts inside the transaction that records the SIP's outcome, instead of two
// statements per plugin on a database that runs one statement at a time (PGlite). A SIP that takes
// long writes what it has after each plugin, so its status still shows the plugins done so far.
// Each entry keeps the time it happened. What an interrupted attempt held in memory is lost with
// it, as its reports would be: the next attempt starts from a clean slate.
import type { SQLWrapper } from "drizzle-orm";
import { pluginReports, traceEvents } from "../../db/schema";
import { storableText } from "../../db/storable-text";
import type { Queryable } from "../../jobs/queue";
import type { TraceEntry } from "../store";
import type { PluginOutcome } from "../submissions";

export interface PipelineProgress {
  report(outcome: PluginOutcome): void;
  trace(event: TraceEntry): void;
  // Writes what is pending when the SIP has been running longer than `slowMs` since the last write.
  flushIfSlow(db: Queryable): Promise<void>;
  // Writes what is pending with `tx` (the transaction that records the outcome).
  write(tx: Queryable): Promise<void>;
  // The statements that write what is pending, to run with others (db/together.ts); what they
  // write is no longer pending.
  statements(tx: Queryable): SQLWrapper[];
}

// A SIP whose plugins run longer than this shows their reports one by one.
export const SLOW_SIP_MS = 1000;

export function createPipelineProgress(
  submissionId: string,
  options: { slowMs?: number; now?: () => number } = {},
): PipelineProgress {
  const slowMs = options.slowMs ?? SLOW_SIP_MS;
  const now = options.now ?? Date.now;
  let reports: (typeof pluginReports.$inferInsert)[] = [];
  let traces: (typeof traceEvents.$inferInsert)[] = [];
  let lastWrite = now();

  function statements(tx: Queryable) {
    const [r, t] = [reports, traces];
    reports = [];
    traces = [];
    lastWrite = now();
    return [
      ...(r.length > 0 ? [tx.insert(pluginReports).values(r)] : []),
      ...(t.length > 0 ? [tx.insert(traceEvents).values(t)] : []),
    ];
  }

  async function write(tx: Queryable) {
    for (const statement of statements(tx)) await statement;
  }

  return {
    report(outcome) {
      reports.push({
        submissionId,
        ...outcome,
        message: storableText(outcome.message),
        executionDate: new Date(now()),
      });
    },
    trace(event) {
      traces.push({
        tenant: event.tenant,
        packageId: event.packageId,
        subject: event.subject,
        operation: event.operation,
        object: event.object ?? null,
        detail: event.detail === undefined ? null : storableText(event.detail),
        time: new Date(now()),
      });
    },
    async flushIfSlow(db) {
      if (now() - lastWrite < slowMs || (reports.length === 0 && traces.length === 0)) return;
      await write(db);
    },
    write,
    statements,
  };
}
