// A batch's packages take turns at the archive: three at once, the others waiting in the order
// they came, each batch with turns of its own.
import { afterEach, describe, expect, it } from "vitest";
import { getBatchTurns, resetServer } from "@/lib/server/container";
import { inTurn, takeTurn } from "./archive-turns";
import { PACKAGES_AT_ONCE } from "./group-limits";

afterEach(() => resetServer());

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the turns of a batch's packages at the archive", () => {
  it("lets three go at once; the fourth goes when one of them gives its turn back", async () => {
    expect(PACKAGES_AT_ONCE).toBe(3);
    const held = await Promise.all([takeTurn("b1"), takeTurn("b1"), takeTurn("b1")]);
    const order: string[] = [];
    const fourth = takeTurn("b1").then((giveBack) => (order.push("fourth"), giveBack));
    const fifth = takeTurn("b1").then((giveBack) => (order.push("fifth"), giveBack));
    // Another batch is not held up by this one.
    const other = await takeTurn("b2");
    await settled();
    expect(order).toEqual([]);

    held[1]!();
    // Given back twice: still one turn.
    held[1]!();
    await settled();
    expect(order).toEqual(["fourth"]);

    held[0]!();
    await settled();
    expect(order).toEqual(["fourth", "fifth"]);

    for (const giveBack of [held[2]!, await fourth, await fifth, other]) giveBack();
    expect(getBatchTurns().size).toBe(0);
  });

  it("gives the turn back when the call fails", async () => {
    await expect(
      inTurn("b3", () => Promise.reject(new Error("The archive is unreachable."))),
    ).rejects.toThrow("unreachable");
    expect(getBatchTurns().size).toBe(0);
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) => inTurn("b3", async () => i)),
    );
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(getBatchTurns().size).toBe(0);
  });

  it("never has more than three calls of a batch under way", async () => {
    let under = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        inTurn("b4", async () => {
          under++;
          most = Math.max(most, under);
          await new Promise((resolve) => setTimeout(resolve, 1));
          under--;
        }),
      ),
    );
    expect(most).toBe(PACKAGES_AT_ONCE);
  });
});
