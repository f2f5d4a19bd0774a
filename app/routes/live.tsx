import type { LoaderFunctionArgs } from "@remix-run/node";
import playerStyles from "../styles/player.css?url";
import { loadWatchPage } from "../player/watch.server.ts";
import { watchMeta } from "../player/watch-meta.ts";
import { WatchScreen } from "../player/WatchScreen.tsx";

/** `/live/{id}`: a live event's stream (its replay once it has ended). */
export const loader = (args: LoaderFunctionArgs) => loadWatchPage(args, "live");
export const links = () => [{ rel: "stylesheet", href: playerStyles }];
export const meta = watchMeta;
export default WatchScreen;
