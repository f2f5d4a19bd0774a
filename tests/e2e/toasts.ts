import type { Page } from "@playwright/test";

type Recorded = { errorToasts: string[] };

/**
 * Records the text of every error toast as it appears, from the next page load on. A toast
 * lives 3.3 s (LONG 3 s + 300 ms): on a busy machine that can pass between two checks, so tests
 * read this record instead of racing the toast.
 */
export async function recordErrorToasts(page: Page) {
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as Recorded).errorToasts = shown;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll(".toast-error")) {
        const text = toast.textContent ?? "";
        if (!shown.includes(text)) shown.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** The error toasts shown on the current page so far (after `recordErrorToasts`). */
export const errorToasts = (page: Page) =>
  page.evaluate(() => (window as unknown as Recorded).errorToasts ?? []);
