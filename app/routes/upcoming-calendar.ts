import type { LoaderFunctionArgs } from "@remix-run/node";
import { upcomingFeedResponse } from "../upcoming/upcoming.server.ts";

/** `/upcoming.ics`: the realm's calendar feed of upcoming events. */
export const loader = (args: LoaderFunctionArgs) => upcomingFeedResponse(args);
