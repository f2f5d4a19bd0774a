import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { holdDocumentEnd } from "./document/hold-document-end.server.ts";
import { CspNonceContext } from "./realm/csp-nonce.ts";
import "./i18n/all-languages.server.ts";

// The server hands the invalidation bus's messages to the build through its entry module.
export { invalidateAppCaches } from "./realm/cache-invalidation.server.ts";

const ABORT_DELAY_MS = 5_000;
export const streamTimeout = ABORT_DELAY_MS;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Every inline script (Remix's, React's streaming ones) carries the answer's nonce.
  const nonce = loadContext.cspNonce;
  // Crawlers get the whole document at once; browsers get it streamed as soon as the shell is ready.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  return new Promise<Response>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext.Provider value={nonce}>
        <RemixServer
          context={remixContext}
          url={request.url}
          abortDelay={ABORT_DELAY_MS}
          nonce={nonce}
        />
      </CspNonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          // What React streams after the shell (deferred data, resolved boundaries) stays
          // inside <body>: the closing tags go out last.
          const body = holdDocumentEnd();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          // Errors outside the shell reach onShellError (a 500); those inside a block's Suspense
          // boundary leave the rest of the page intact, so they are logged, not made a 500.
          console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY_MS + 1_000);
  });
}
