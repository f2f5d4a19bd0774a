import type { CacheInvalidation } from "../../contract/cache-invalidation.ts";
import { forgetPlatformAnswers } from "../api-client/platform.server.ts";
import { forgetPublishedPages } from "../composer/load-page.server.ts";

/**
 * Drops what the web app cached of the store when a server says it changed (server/http.ts
 * passes each invalidation-bus message here through the build's entry module). Publishing is
 * rare and every cache refills on its next read, so a message drops whole caches rather than
 * hunting for a realm's entries in keys of several shapes.
 */
export function invalidateAppCaches(message: CacheInvalidation): void {
  // Sessions and watch-together rooms are never cached here: each request asks the platform.
  if (message.kind === "sessions" || message.kind === "room") return;
  forgetPlatformAnswers();
  forgetPublishedPages();
}
