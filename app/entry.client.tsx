import { RemixBrowser } from "@remix-run/react";
import { setNonce } from "get-nonce";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// Dialogs add a <style> element while open (scroll locking); the page's policy lets it in with
// the nonce the server's scripts carry (a script's `nonce` property keeps it, the attribute not).
setNonce(document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "");

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
