import { useBlocker } from "@remix-run/react";
import { useEffect } from "react";

/**
 * Holds every way of leaving the page until `finish` has kept where the viewer stopped: a
 * navigation inside the app waits for it, so that the next page's rows (Continue watching)
 * and a new playback session on this device (which replaces this one) come after it; a link or
 * a form that replaces the document (a card, signing out) is followed once it is done. Leaving
 * the site and closing the tab cannot wait: the player's beacon covers them.
 */
export function useFinishBeforeLeaving(finish: () => Promise<void>): void {
  // Another page only: opening an overlay (#livenow) changes the hash and stays.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname ||
      currentLocation.search !== nextLocation.search,
  );
  const proceed = blocker.state === "blocked" ? blocker.proceed : null;
  useEffect(() => {
    if (!proceed) return;
    void finish().finally(proceed);
  }, [proceed, finish]);

  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      // A form the app submits itself (a navigation the blocker holds, or a fetcher) has been
      // taken over by then; only a form posting the document is left.
      if (event.defaultPrevented || !(event.target instanceof HTMLFormElement)) return;
      const form = event.target;
      if (form.target && form.target !== "_self") return;
      event.preventDefault();
      const submitter = event.submitter;
      void finish().finally(() => {
        // `submit()` sends no submit event (no loop) and no submitter: its value goes along.
        if (submitter instanceof HTMLButtonElement && submitter.name) {
          const value = document.createElement("input");
          value.type = "hidden";
          value.name = submitter.name;
          value.value = submitter.value;
          form.append(value);
        }
        form.submit();
      });
    };
    const onClick = (event: MouseEvent) => {
      // A link the app follows itself (the blocker holds it) has been taken over by then, and
      // a click that opens another tab or window leaves nothing.
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return;
      if (link.target && link.target !== "_self") return;
      const to = new URL(link.href, window.location.href);
      const here = window.location;
      if (to.origin !== here.origin) return;
      if (to.pathname === here.pathname && to.search === here.search) return;
      event.preventDefault();
      void finish().finally(() => window.location.assign(to.href));
    };
    window.addEventListener("submit", onSubmit);
    window.addEventListener("click", onClick);
    return () => {
      window.removeEventListener("submit", onSubmit);
      window.removeEventListener("click", onClick);
    };
  }, [finish]);
}
