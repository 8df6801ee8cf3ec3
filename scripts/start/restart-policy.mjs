// When the embedded archive ends without being asked to: how long to wait before starting it
// again, and when to stop trying. Pure (the caller passes the time), so tests need no real clock.

export const RESTART_POLICY = {
  // Pauses double from the first to the longest: 1 s, 2 s, 4 s ... 30 s.
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  // A run that answered /health for this long was healthy: the next crash starts over at 1 s.
  healthyAfterMs: 60_000,
  // This many crashes within the window mean restarting will not help.
  maxCrashes: 5,
  windowMs: 120_000,
};

// A fresh policy. `crashed` is told of each unexpected end and answers with the next step:
// { giveUp: false, delayMs } or { giveUp: true, crashes, windowMs }.
export function createRestartPolicy(settings = RESTART_POLICY) {
  const { firstDelayMs, maxDelayMs, healthyAfterMs, maxCrashes, windowMs } = settings;
  const recent = [];
  let streak = 0;
  return {
    // `healthySince`: when this run first answered /health (undefined if it never did).
    crashed({ now, healthySince }) {
      if (healthySince !== undefined && now - healthySince >= healthyAfterMs) streak = 0;
      recent.push(now);
      while (recent.length > 0 && recent[0] <= now - windowMs) recent.shift();
      if (recent.length >= maxCrashes) return { giveUp: true, crashes: recent.length, windowMs };
      const delayMs = Math.min(firstDelayMs * 2 ** streak, maxDelayMs);
      streak += 1;
      return { giveUp: false, delayMs };
    },
  };
}

const seconds = (ms) => `${Math.round(ms / 100) / 10} s`;
const span = (ms) => (ms % 60_000 === 0 ? `${ms / 60_000} minutes` : seconds(ms));

// "The archive was stopped by SIGKILL; restarting it in 2 s (the dashboard keeps running)."
export function restartSentence(how, delayMs) {
  return `The archive ${how}; restarting it in ${seconds(delayMs)} (the dashboard keeps running).`;
}

// Why everything stops after too many crashes.
export function giveUpSentence(how, { crashes, windowMs }) {
  return (
    `The archive ${how}: ${crashes} crashes within ${span(windowMs)}, so it is not restarted ` +
    "again and Scriptorium stops (the archive's last messages above say why)."
  );
}
