import { describe, expect, it } from "vitest";
import { reminderHref } from "../../../app/epg/reminder.ts";
import { icsText, unfoldIcs } from "../../fixtures/ics.ts";

const programme = {
  id: "ch-2:2026-11-27T18:00:00.000Z",
  title: "Fight Night; prelims, main card",
  description: "Two bouts.\nThen the main event.",
  startAt: "2026-11-27T18:00:00.000Z",
  endAt: "2026-11-27T20:00:00.000Z",
  channel: "AFC 24/7",
};

const calendarOf = (href: string) => {
  const prefix = "data:text/calendar;charset=utf-8,";
  expect(href.startsWith(prefix)).toBe(true);
  return decodeURIComponent(href.slice(prefix.length));
};

describe("a programme's reminder", () => {
  it("is one event in UTC with its channel, escaped text and an alarm ten minutes before", () => {
    const text = calendarOf(reminderHref(programme));
    expect(text.endsWith("\r\n")).toBe(true);
    const lines = unfoldIcs(text).split("\r\n");
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
    expect(lines).toContain("DTSTART:20261127T180000Z");
    expect(lines).toContain("DTEND:20261127T200000Z");
    expect(lines).toContain("LOCATION:AFC 24/7");
    const summary = lines.find((line) => line.startsWith("SUMMARY:"))!;
    expect(icsText(summary.slice("SUMMARY:".length))).toBe(programme.title);
    const description = lines.find((line) => line.startsWith("DESCRIPTION:"))!;
    expect(icsText(description.slice("DESCRIPTION:".length))).toBe(programme.description);
    const alarm = lines.slice(lines.indexOf("BEGIN:VALARM"), lines.indexOf("END:VALARM") + 1);
    expect(alarm).toContain("TRIGGER:-PT10M");
    expect(alarm).toContain("ACTION:DISPLAY");
    expect(lines.some((line) => line.startsWith("URL:"))).toBe(false);
  });

  it("folds a long title within 75 octets a line", () => {
    const text = calendarOf(reminderHref({ ...programme, title: "Ñandú ".repeat(30) }));
    for (const line of text.split("\r\n")) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
  });
});
