import type { LoaderFunctionArgs } from "@remix-run/node";
import { upcomingEventCalendarResponse } from "../upcoming/upcoming.server.ts";

/** `/upcoming/{id}/calendar.ics`: one event as an iCalendar download. */
export const loader = (args: LoaderFunctionArgs) => upcomingEventCalendarResponse(args);
