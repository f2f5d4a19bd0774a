import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { identityMeta } from "../identity/meta.ts";
import {
  watchTogetherAction,
  watchTogetherLoader,
} from "../watch-together/watch-together.server.ts";
import { WatchTogetherScreen } from "../watch-together/WatchTogetherScreen.tsx";
import playerStyles from "../styles/player.css?url";
import watchTogetherStyles from "../styles/watch-together.css?url";

/** `/watch-together` (spec, named route "watchTogether"; realms whose REACTOO is ENABLED). */
// Functions, so the client bundle (which drops loaders and actions) keeps no call to server code.
export const loader = (args: LoaderFunctionArgs) => watchTogetherLoader(args);
export const action = (args: ActionFunctionArgs) => watchTogetherAction(args);
// A personal page (the viewer's own room and stream): never indexed, never stored by a cache.
export const meta = identityMeta("watchTogetherTitle");
export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store",
});
export const links = () => [
  { rel: "stylesheet", href: playerStyles },
  { rel: "stylesheet", href: watchTogetherStyles },
];
export default WatchTogetherScreen;
