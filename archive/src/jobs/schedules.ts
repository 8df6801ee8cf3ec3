// The schedules the archive's configuration sets: fixity audits and evidence renewal.
import { DEFAULT_SCHEDULES, type ArchiveConfig } from "../config";
import type { RenewalPolicy } from "../preservation/renewal";
import type { FixityPolicy } from "../fixity/audit";

export function fixityPolicy(config: ArchiveConfig): FixityPolicy {
  return {
    intervalHours: config.fixityIntervalHours ?? DEFAULT_SCHEDULES.fixityIntervalHours,
    budgetMiBps: config.fixityBudgetMiBps ?? DEFAULT_SCHEDULES.fixityBudgetMiBps,
    pauseMs: config.fixityPauseMs ?? DEFAULT_SCHEDULES.fixityPauseMs,
  };
}

export function renewalPolicy(config: ArchiveConfig): RenewalPolicy {
  return {
    maxAgeDays: config.evidenceRenewalDays ?? DEFAULT_SCHEDULES.evidenceRenewalDays,
    weakAlgorithms: config.weakDigestAlgorithms ?? DEFAULT_SCHEDULES.weakDigestAlgorithms,
  };
}
