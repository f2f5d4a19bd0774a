import type { HeadersFunction } from "@remix-run/node";
import { historyLoader } from "../history/history.server.ts";
import { HistoryScreen } from "../history/HistoryScreen.tsx";
import { identityMeta } from "../identity/meta.ts";
import historyStyles from "../styles/history.css?url";

/** `/history`: the acting profile's watch history (spec section 2, named route "history"). */
export const loader = historyLoader;
// A personal page: titled "Watch history · Realm", never indexed, never stored by a cache.
export const meta = identityMeta("historyTitle");
export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store",
});
export const links = () => [{ rel: "stylesheet", href: historyStyles }];
export default HistoryScreen;
