import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import type { WatchHistory } from "../../contract/generated/watch-history.ts";
import { PlatformError } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { realmPaths } from "../realm/links.ts";
import { requireRealmRequest } from "../realm/request.server.ts";
import { realmRelativePath, routeHref } from "../realm/routes.ts";
import { sessionIsOver } from "../session/refresh.server.ts";
import { watchProgress } from "../ui/watch-progress.ts";
import { askedCount, nextCount, shownCount } from "./paging.ts";
import type { HistoryEntry, HistoryView } from "./view.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * `/history`: what the acting profile watched, most recent first, each with how far it got
 * and a link to its page. Guests (where the realm lets them in) have no account and so no
 * history: they are asked to sign in, as is a viewer whose session has ended meanwhile. A platform
 * failure is the page's own error state.
 */
export async function historyLoader(args: LoaderFunctionArgs) {
  const { realm, shell, viewer, basePath } = await requireRealmRequest(args);
  const url = new URL(args.request.url);
  const from = `${realmRelativePath(basePath, url.pathname)}${url.search}`;
  if (viewer.role !== "CUSTOMER" && viewer.role !== "ADMIN") {
    const view: HistoryView = {
      state: "signedOut",
      signIn: routeHref(basePath, { name: "login", query: { from } }),
    };
    return data(view, { headers: PRIVATE });
  }
  const shown = shownCount(url);
  let history: WatchHistory;
  try {
    history = await platformClient(args.context, {
      realm,
      locale: shell.locale,
      token: viewer.token,
    }).call("history", { query: { rpp: askedCount(shown) } });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    // The session ended elsewhere (signed out from another device): not a failure of the
    // platform. The viewer signs in again and comes back here.
    if (sessionIsOver(error)) {
      throw redirect(routeHref(basePath, { name: "login", query: { from } }), { headers: PRIVATE });
    }
    console.error(`history: ${error.message}`);
    const view: HistoryView = { state: "failed", retry: `${url.pathname}${url.search}` };
    return data(view, { status: 503, headers: PRIVATE });
  }
  const now = new Date();
  const paths = realmPaths(basePath);
  const items = history.items.slice(0, shown).map((item): HistoryEntry => ({
    kind: item.kind,
    card: item.card,
    watchedAt: item.watchedAt,
    // A video plays on its page; an event on its own, live or (once over) as its replay.
    href: paths.content({ type: item.kind === "vod" ? "VOD" : "LIVE", id: item.card.id }),
    progress: watchProgress(item, now),
  }));
  const more = nextCount(shown, history.items.length);
  const view: HistoryView = {
    state: "ready",
    items,
    more: more === null ? null : `${url.pathname}?rpp=${more}`,
    home: paths.home,
  };
  return data(view, { headers: PRIVATE });
}
