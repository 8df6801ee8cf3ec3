import { expect, type Locator, type Page } from "@playwright/test";

// Presses Tab until `target` has focus, as a keyboard user would; fails after `limit` presses
// so an element that is unreachable by keyboard is reported as such.
export async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  await expect(target, `reachable with Tab within ${limit} presses`).toBeFocused();
}
