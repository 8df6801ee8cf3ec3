import "server-only";
// Turns at the archive for a batch's packages: at most PACKAGES_AT_ONCE of one batch are with the
// archive at any moment, whatever the page has in flight. The page keeps one group more than that
// waiting here for its turn, so that the archive is never short of a package while the page and
// this route handle a group's answer and the next request (lib/batch/queue.ts). A package holds a
// turn for its one call to the archive only, never while waiting for another: no deadlock. The
// turns are this process's (the server container's); instances behind a balancer each keep their
// own.
import { PACKAGES_AT_ONCE } from "./group-limits";
import { getBatchTurns } from "@/lib/server/container";

export interface BatchTurns {
  taken: number;
  waiting: (() => void)[];
}

// Waits for one of the batch's turns; the function it answers gives it back (once).
export async function takeTurn(batchId: string): Promise<() => void> {
  const all = getBatchTurns();
  let turns = all.get(batchId);
  if (!turns) all.set(batchId, (turns = { taken: 0, waiting: [] }));
  const held = turns;
  if (held.taken < PACKAGES_AT_ONCE) held.taken++;
  // Handed over by the package that gave it back: `taken` stays as it was.
  else await new Promise<void>((resolve) => held.waiting.push(resolve));
  let given = false;
  return () => {
    if (given) return;
    given = true;
    const next = held.waiting.shift();
    if (next) next();
    else if (--held.taken === 0 && all.get(batchId) === held) all.delete(batchId);
  };
}

// Runs `call` in one of the batch's turns.
export async function inTurn<T>(batchId: string, call: () => Promise<T>): Promise<T> {
  const giveBack = await takeTurn(batchId);
  try {
    return await call();
  } finally {
    giveBack();
  }
}
