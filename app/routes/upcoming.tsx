import type { HeadersFunction } from "@remix-run/node";
import { eventsPageMeta } from "../upcoming/meta.ts";
import upcomingStyles from "../styles/upcoming.css?url";
import { upcomingLoader } from "../upcoming/upcoming.server.ts";
import { UpcomingScreen } from "../upcoming/UpcomingScreen.tsx";

/** `/upcoming`: the realm's upcoming events with calendar downloads (named route "upcoming"). */
export const loader = upcomingLoader;
export const meta = eventsPageMeta("upcomingTitle");
export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-cache",
});
export const links = () => [{ rel: "stylesheet", href: upcomingStyles }];
export default UpcomingScreen;
