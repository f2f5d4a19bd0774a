import { dateTimeFormat } from "../../app/ui/intl.ts";
import type { Card } from "../../contract/generated/card.ts";

const DAY_MS = 86_400_000;

/** [start of today - pastDays, start of today + days), in UTC days: the server knows no zone. */
export function scheduleWindow(now: Date, days: number, pastDays: number) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: new Date(today - pastDays * DAY_MS), to: new Date(today + days * DAY_MS) };
}

export function inWindow(events: Card[], window: { from: Date; to: Date }): Card[] {
  return events
    .filter((event) => {
      if (!event.startDate) return false;
      const start = new Date(event.startDate).getTime();
      return start >= window.from.getTime() && start < window.to.getTime();
    })
    .sort((a, b) => Date.parse(a.startDate!) - Date.parse(b.startDate!));
}

export type EventStatus = "live" | "upcoming" | "replay";

export function eventStatus(event: Card, now: Date): EventStatus {
  if (event.live) return "live";
  if (event.startDate && Date.parse(event.startDate) > now.getTime()) return "upcoming";
  return "replay";
}

export interface DayGroup {
  /** YYYY-MM-DD in the given time zone. */
  day: string;
  events: Card[];
}

/** Events (sorted by start) grouped by their calendar day in a time zone. */
export function groupByDay(events: Card[], timeZone: string): DayGroup[] {
  // en-CA formats dates as YYYY-MM-DD, which is also what <time dateTime> wants.
  const dayOf = dateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  const groups: DayGroup[] = [];
  for (const event of events) {
    const day = dayOf.format(new Date(event.startDate!));
    const last = groups.at(-1);
    if (last?.day === day) last.events.push(event);
    else groups.push({ day, events: [event] });
  }
  return groups;
}
