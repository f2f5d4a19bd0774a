import type { Browser, BrowserContext } from "@playwright/test";

/** One Content-Security-Policy violation a page of the test saw. */
export interface SeenViolation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

/** The violations seen since the current test started. */
export const seenViolations: SeenViolation[] = [];

const BINDING = "__reportCspViolation";

/**
 * Every page of `context`, in every frame, reports the violations the browser finds (the
 * `securitypolicyviolation` event) to the test, from the first script of each document on.
 */
export async function watchCsp(context: BrowserContext): Promise<void> {
  await context.exposeBinding(BINDING, (_source, violation: SeenViolation) => {
    seenViolations.push(violation);
  });
  await context.addInitScript((binding: string) => {
    document.addEventListener(
      "securitypolicyviolation",
      (event) => {
        const report = (window as unknown as Record<string, (v: unknown) => void>)[binding];
        report?.({
          page: event.documentURI,
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          source: event.sourceFile ? `${event.sourceFile}:${event.lineNumber}` : "",
          sample: event.sample,
        });
      },
      true,
    );
  }, BINDING);
}

/** Watches every context the browser opens from now on, those tests open themselves too. */
export function watchEveryContext(browser: Browser): void {
  const patched = browser as Browser & { cspWatched?: true };
  if (patched.cspWatched) return;
  patched.cspWatched = true;
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    await watchCsp(context);
    return context;
  };
}
