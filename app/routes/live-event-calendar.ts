import type { LoaderFunctionArgs } from "@remix-run/node";
import { upcomingEventCalendarResponse } from "../upcoming/upcoming.server.ts";

/**
 * `/live/{id}/calendar.ics`: an event that has not ended as an iCalendar download, the reminder
 * its page and the hero offer before it starts. It exists in every realm and is open to whoever
 * may open the event's page; `/upcoming/{id}/calendar.ics` is the same file where the realm has
 * the guest schedule.
 */
export const loader = (args: LoaderFunctionArgs) => upcomingEventCalendarResponse(args);
