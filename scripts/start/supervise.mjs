// Runs the embedded archive and keeps it running: after an unexpected exit it is started again
// after a pause (restart-policy.mjs) and waited for on /health, while the dashboard keeps serving.
import { waitForHealth } from "./ports.mjs";
import { describeExit } from "./processes.mjs";
import { createRestartPolicy, giveUpSentence, restartSentence } from "./restart-policy.mjs";

// `start()` starts one archive process (run() in processes.mjs). `onFatal(sentence)` is called
// when the archive cannot be kept running: it ended before it was first ready, or crashed too
// often. Returns { ready, stop }: `ready` is the first start's /health outcome ("healthy",
// "exited" or "timeout"); `stop()` ends the archive for good.
export function superviseArchive({
  start,
  healthUrl,
  timeoutMs,
  say,
  onFatal,
  policy = createRestartPolicy(),
  now = Date.now,
}) {
  let current = null;
  let stopped = false;
  let pending = null;
  let everReady = false;

  function launch() {
    const child = start();
    current = child;
    let healthySince;
    // Set when this run is ended for not answering, so its exit is told as that.
    let hung = null;

    void child.exited.then((exit) => {
      if (stopped || child !== current) return;
      const how = hung ?? describeExit(exit);
      if (!everReady) return onFatal(`The archive ${how} before it was ready; stopping.`);
      const next = policy.crashed({ now: now(), healthySince });
      if (next.giveUp) return onFatal(giveUpSentence(how, next));
      say(restartSentence(how, next.delayMs));
      pending = setTimeout(() => {
        pending = null;
        if (!stopped) void launch();
      }, next.delayMs);
    });

    return waitForHealth(healthUrl, { timeoutMs, exited: child.hasExited }).then(async (health) => {
      if (stopped || child !== current) return health;
      if (health === "healthy") {
        healthySince = now();
        if (everReady) say(`The archive is back: ${healthUrl} answers again.`);
        everReady = true;
      } else if (health === "timeout" && everReady) {
        hung = `did not answer /health within ${timeoutMs / 1000} s after a restart`;
        await child.stop();
      }
      return health;
    });
  }

  return {
    name: "archive",
    ready: launch(),
    // The process running now (tests read its pid).
    current: () => current,
    async stop() {
      stopped = true;
      if (pending) clearTimeout(pending);
      await current?.stop();
    },
  };
}
