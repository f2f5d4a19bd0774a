import type { Page } from "@playwright/test";

type Recorded = { errorToasts: string[]; toasts: string[] };

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

/**
 * Records the text of every toast (of any level) as it appears, from the next page load on,
 * server-rendered ones (a flash toast after a redirect) included: the observer starts before
 * the document is parsed. Read it with `toasts`.
 */
export async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as Recorded).toasts = shown;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll(".toast")) {
        const text = toast.textContent ?? "";
        if (!shown.includes(text)) shown.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/**
 * The toasts shown on the current page so far (after `recordToasts`); none while a navigation
 * replaces the page (the next page keeps its own record, a flash toast included), so a poll
 * simply asks again.
 */
export const toasts = (page: Page) =>
  page
    .evaluate(() => (window as unknown as Recorded).toasts ?? [])
    .catch((error: unknown) => {
      if (String(error).includes("Execution context was destroyed")) return [];
      throw error;
    });
