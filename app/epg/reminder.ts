import { writeCalendar } from "../upcoming/ics.ts";

/** How long before a programme its reminder goes off. */
const REMIND_MINUTES_BEFORE = 10;

/**
 * An iCalendar file reminding of one programme, as a `data:` address to download: the guide
 * draws it in the page, so a reminder needs no request of its own.
 */
export function reminderHref(programme: {
  id: string;
  title: string;
  description: string;
  startAt: string;
  endAt: string;
  channel: string;
}): string {
  const calendar = writeCalendar({
    prodId: "-//streaming-web//epg//EN",
    stamp: new Date(programme.startAt),
    events: [
      {
        uid: `${programme.id}@epg`,
        start: new Date(programme.startAt),
        end: new Date(programme.endAt),
        summary: programme.title,
        description: programme.description,
        location: programme.channel,
        alarmMinutesBefore: REMIND_MINUTES_BEFORE,
      },
    ],
  });
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(calendar)}`;
}
