/**
 * An iCalendar writer (RFC 5545) for events the viewer adds to a calendar: one VCALENDAR of
 * VEVENTs with times in UTC, text escaped and every content line folded at 75 octets.
 */

/** One event of a calendar. */
export interface IcsEvent {
  /** Globally unique and stable: the same event keeps it in every download and feed. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  /** Where it is on (a channel's name). */
  location?: string;
  /** The event's page, where it has one. */
  url?: string;
  /** A reminder this many minutes before the start (VALARM), if any. */
  alarmMinutesBefore?: number;
}

export interface IcsCalendar {
  /** The product that wrote it (PRODID), "-//Owner//Product//EN". */
  prodId: string;
  /** The calendar's display name (X-WR-CALNAME), for a subscribed feed. */
  name?: string;
  /** How often a subscriber should read the feed again, in minutes (REFRESH-INTERVAL). */
  refreshMinutes?: number;
  /** When it was written (DTSTAMP of every event). */
  stamp: Date;
  events: IcsEvent[];
}

const CRLF = "\r\n";
/** RFC 5545 section 3.1: content lines longer than this many octets are folded. */
export const MAX_LINE_OCTETS = 75;

/** A time as an RFC 5545 UTC DATE-TIME: 20261126T180000Z. */
export function icsUtc(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError("An iCalendar time must be a valid date");
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

/**
 * A TEXT value (RFC 5545 section 3.3.11): backslash, semicolon and comma escaped, line breaks
 * as `\n`, other control characters (which the format does not allow) dropped.
 */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, "\\\\")
      .replace(/;/g, "\\;")
      .replace(/,/g, "\\,")
      .replace(/\r\n|\r|\n/g, "\\n")
      // eslint-disable-next-line no-control-regex -- control characters are what it removes
      .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, "")
  );
}

/**
 * A content line folded as RFC 5545 section 3.1 asks: no physical line longer than 75 octets
 * of UTF-8, each continuation starting with one space, never splitting a character.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // A continuation line's leading space counts towards its 75 octets.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

function eventLines(event: IcsEvent, stamp: Date): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${icsUtc(stamp)}`,
    `DTSTART:${icsUtc(event.start)}`,
    `DTEND:${icsUtc(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    // A URI value is not TEXT: it is written as it is.
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(event.alarmMinutesBefore !== undefined
      ? [
          "BEGIN:VALARM",
          "ACTION:DISPLAY",
          `TRIGGER:-PT${event.alarmMinutesBefore}M`,
          `DESCRIPTION:${escapeText(event.summary)}`,
          "END:VALARM",
        ]
      : []),
    "END:VEVENT",
  ];
}

/** The whole calendar object, CRLF line ends, every line folded. */
export function writeCalendar(calendar: IcsCalendar): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${calendar.prodId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...(calendar.name ? [`X-WR-CALNAME:${escapeText(calendar.name)}`] : []),
    ...(calendar.refreshMinutes
      ? [
          `REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshMinutes}M`,
          `X-PUBLISHED-TTL:PT${calendar.refreshMinutes}M`,
        ]
      : []),
    ...calendar.events.flatMap((event) => eventLines(event, calendar.stamp)),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
