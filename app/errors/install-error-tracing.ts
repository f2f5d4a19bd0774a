import { PLAYER_EVENT, type PlayerEvent } from "../player/events.ts";
import { chunkFailedModule } from "./chunk-failed-module.tsx";
import { ChunkLoadError, importWithRetry } from "./chunk-retry.ts";
import { createErrorTracer } from "./error-tracing.ts";
import { setTracer, tracerStarted } from "./report.ts";

export { reportClientError } from "./report.ts";

/** An error the player reported (a media, network or other failure of playback). */
class PlaybackError extends Error {
  override name = "PlaybackError";
}

declare global {
  interface Window {
    /** Used by Remix to import a route's module (patches/@remix-run+react): with retries. */
    __remixRouteImport?: (url: string) => Promise<unknown>;
    /** The module Remix renders for a route whose module never loaded. */
    __remixChunkFailed?: (error: Error) => { default: () => unknown };
  }
}

/**
 * Starts error tracing for this page view (once): uncaught errors, unhandled rejections,
 * script and style chunks that fail to load, and the player's errors go to `reportUrl`; route
 * modules load with retries.
 */
export function installErrorTracing(settings: {
  release: string;
  sampleRate: number;
  reportUrl: string;
}): void {
  window.__remixRouteImport ??= (url) => importWithRetry(url);
  window.__remixChunkFailed ??= chunkFailedModule;
  if (tracerStarted()) return;
  const { reportUrl } = settings;
  const active = createErrorTracer({
    release: settings.release,
    sampleRate: settings.sampleRate,
    path: () => window.location.pathname,
    send: async (body) => {
      const response = await fetch(reportUrl, {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json" },
        keepalive: true,
      });
      return response.ok;
    },
    beacon: (body) =>
      navigator.sendBeacon(reportUrl, new Blob([body], { type: "application/json" })),
  });
  setTracer(active);
  window.addEventListener(
    "error",
    (event) => {
      const target = event.target;
      if (target instanceof HTMLLinkElement && target.rel === "stylesheet") {
        active.capture(new ChunkLoadError(`Loading CSS chunk failed: ${target.href}`), "chunk");
      } else if (target instanceof HTMLScriptElement) {
        active.capture(new ChunkLoadError(`Loading chunk failed: ${target.src}`), "chunk");
      } else if (event instanceof ErrorEvent) {
        active.capture(event.error ?? event.message, "error", {
          source: event.filename,
          line: event.lineno,
          column: event.colno,
        });
      }
    },
    // Resource load errors do not bubble: only a capturing listener hears them.
    true,
  );
  window.addEventListener("unhandledrejection", (event) => {
    active.capture(event.reason, "unhandledrejection");
  });
  document.addEventListener(PLAYER_EVENT, (event) => {
    const detail = (event as CustomEvent<PlayerEvent>).detail;
    if (detail?.type !== "error") return;
    active.capture(new PlaybackError(`${detail.kind}: ${detail.code}`), "playback", {
      fatal: detail.fatal,
    });
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") active.flushOnHide();
  });
}
