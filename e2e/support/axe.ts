import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;
type Violation = AxeResults["violations"][number];

// WCAG 2.1 AA, the level the dashboard promises.
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21aa"];

const BLOCKING = new Set(["serious", "critical"]);

// One paragraph per violation: rule, impact, what to fix, and every offending element.
export function formatViolations(violations: Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map(
          (n) =>
            `    - ${n.target.join(" ")}\n      ${n.failureSummary?.replace(/\n/g, "\n      ") ?? ""}`,
        )
        .join("\n");
      return `[${v.impact}] ${v.id}: ${v.help}\n  ${v.helpUrl}\n${nodes}`;
    })
    .join("\n\n");
}

// Waits (up to 5 s) until every finite animation and transition on the page has finished: axe
// reads colours as painted, and a toast still fading in shows text blended with its background.
// Endless ones (spinners) are left running.
async function settleAnimations(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => {});
}

// Fails the test when axe finds a serious or critical WCAG 2.1 AA violation on the page as it
// is now (once its animations have settled); `where` names the page and state in the message.
export async function expectNoSeriousA11yViolations(page: Page, where: string): Promise<void> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ""));
  // Comparing text (not objects) makes the failure output readable as it stands.
  expect(formatViolations(blocking), `axe violations on ${where}`).toBe("");
}
