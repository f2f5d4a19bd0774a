/** An iCalendar file (RFC 5545) reminding of one programme, as a `data:` address to download. */
export function reminderHref(programme: {
  id: string;
  title: string;
  description: string;
  startAt: string;
  endAt: string;
  channel: string;
}): string {
  const stamp = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const text = (value: string) =>
    value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//streaming-web//epg//EN",
    "BEGIN:VEVENT",
    `UID:${programme.id}@epg`,
    `DTSTAMP:${stamp(programme.startAt)}`,
    `DTSTART:${stamp(programme.startAt)}`,
    `DTEND:${stamp(programme.endAt)}`,
    `SUMMARY:${text(programme.title)}`,
    `LOCATION:${text(programme.channel)}`,
    `DESCRIPTION:${text(programme.description)}`,
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    "TRIGGER:-PT10M",
    `DESCRIPTION:${text(programme.title)}`,
    "END:VALARM",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(lines.join("\r\n"))}`;
}
