import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { PlatformError } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { LIVE_NOW_MAX } from "../live-now/live-now.server.ts";
import { requireRealmRequest } from "../realm/request.server.ts";
import { routeExists, routeHref, routeNamed, type RouteSettings } from "../realm/routes.ts";
import type { LiveEventsView } from "./view.ts";

/** How many of the next events to start the page lists under the live ones. */
export const NEXT_EVENTS = 5;

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * `/live-events`: the events live now (as the live-now overlay and the header's count read
 * them, `GET /v2/events?status=LIVE`) and the next ones to start. The browser then keeps the
 * live list and its count fresh from `{realm}/live-now` while the page is open.
 */
export async function liveEventsLoader(args: LoaderFunctionArgs) {
  const { realm, shell, basePath } = await requireRealmRequest(args);
  const url = new URL(args.request.url);
  const platform = platformClient(args.context, { realm, locale: shell.locale });
  try {
    const [live, next] = await Promise.all([
      platform.call("events", { query: { status: "LIVE", rpp: LIVE_NOW_MAX } }),
      platform.call("events", { query: { status: "UPCOMING", rpp: NEXT_EVENTS } }),
    ]);
    const view: LiveEventsView = {
      state: "ready",
      live: { events: live.hits, totalHits: live.totalHits },
      next: next.hits,
      readAt: new Date().toISOString(),
      upcoming: routeExists(routeNamed("upcoming"), shell.settings as RouteSettings)
        ? routeHref(basePath, { name: "upcoming" })
        : null,
    };
    return data(view, { headers: PRIVATE });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    console.error(`live events: ${error.message}`);
    const view: LiveEventsView = { state: "failed", retry: `${url.pathname}${url.search}` };
    return data(view, { status: 503, headers: PRIVATE });
  }
}
