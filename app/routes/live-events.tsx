import { liveEventsLoader } from "../live-events/live-events.server.ts";
import { LiveEventsScreen } from "../live-events/LiveEventsScreen.tsx";
import { eventsPageMeta } from "../upcoming/meta.ts";
import upcomingStyles from "../styles/upcoming.css?url";

/** `/live-events`: the events live now, kept fresh while open, and the next ones. */
export const loader = liveEventsLoader;
export const meta = eventsPageMeta("liveEventsTitle");
export const headers = () => ({ "Cache-Control": "private, no-store" });
export const links = () => [{ rel: "stylesheet", href: upcomingStyles }];
export default LiveEventsScreen;
