import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** Waits until the page has hydrated (root.tsx marks the html element). */
export const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor();

/** Presses Tab until `target` has the focus (at most `max` times). */
export async function tabTo(page: Page, target: Locator, max = 30) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}
