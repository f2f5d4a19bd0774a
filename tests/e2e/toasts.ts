import type { Page } from "@playwright/test";

type Shown = { text: string; error: boolean };
type Recorded = { shownToasts?: Shown[] };

/**
 * Records the text of every toast as it appears, from the next page load on, server-rendered
 * ones (a flash toast after a redirect) included: the observer starts before the document is
 * parsed. A toast lives 3.3 s (LONG 3 s + 300 ms): on a busy machine that can pass between two
 * checks, so tests read this record (`toasts`, `errorToasts`) instead of racing the toast.
 */
export async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const shown: Shown[] = [];
    (window as unknown as Recorded).shownToasts = shown;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll(".toast")) {
        const text = toast.textContent ?? "";
        if (!shown.some((s) => s.text === text)) {
          shown.push({ text, error: toast.classList.contains("toast-error") });
        }
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** The same record, named for the tests that look at error toasts only. */
export const recordErrorToasts = recordToasts;

/**
 * The toasts shown on the current page so far; none while a navigation replaces the page (the
 * next page keeps its own record, a flash toast included), so a poll simply asks again.
 */
const shownToasts = (page: Page): Promise<Shown[]> =>
  page
    .evaluate(() => (window as unknown as Recorded).shownToasts ?? [])
    .catch((error: unknown) => {
      if (String(error).includes("Execution context was destroyed")) return [];
      throw error;
    });

/** The text of every toast shown on the current page so far (after `recordToasts`). */
export const toasts = async (page: Page) => (await shownToasts(page)).map((s) => s.text);

/** The text of the error toasts shown on the current page so far. */
export const errorToasts = async (page: Page) =>
  (await shownToasts(page)).filter((s) => s.error).map((s) => s.text);
