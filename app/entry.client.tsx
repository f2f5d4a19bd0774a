import { RemixBrowser } from "@remix-run/react";
import { setNonce } from "get-nonce";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HYDRATION_MARK } from "./ui/hydration-mark.ts";
import { loadLanguage } from "./i18n/i18n.ts";

// Dialogs add a <style> element while open (scroll locking); the page's policy lets it in with
// the nonce the server's scripts carry (a script's `nonce` property keeps it, the attribute not).
setNonce(document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "");

function hydrate() {
  performance.mark(HYDRATION_MARK);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// The server's page is painted first, hydrated after: hydration's long tasks would otherwise
// hold the first paint (the hero) back on a slow phone. A frame callback runs just before the
// next paint, and a task queued from it runs after that paint. A hidden tab paints no frames,
// so it hydrates at once.
// The page's language loads first (the fallback's texts are in the bundle; the others are a
// chunk each), so that hydration renders the same texts as the server did.
void loadLanguage(document.documentElement.lang).finally(() => {
  if (document.visibilityState === "hidden") hydrate();
  else requestAnimationFrame(() => setTimeout(hydrate, 0));
});
