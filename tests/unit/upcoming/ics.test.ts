import { describe, expect, it } from "vitest";
import {
  escapeText,
  foldLine,
  icsUtc,
  MAX_LINE_OCTETS,
  writeCalendar,
} from "../../../app/upcoming/ics.ts";
import { unfoldIcs } from "../../fixtures/ics.ts";

const octets = (line: string) => new TextEncoder().encode(line).length;

describe("iCalendar times", () => {
  it("are UTC DATE-TIMEs with a Z, whatever zone the date was made in", () => {
    expect(icsUtc(new Date("2026-11-26T18:30:00.000Z"))).toBe("20261126T183000Z");
    expect(icsUtc(new Date("2026-11-26T23:15:45+02:00"))).toBe("20261126T211545Z");
    // Across midnight and a year end in UTC.
    expect(icsUtc(new Date("2027-01-01T00:30:00-03:00"))).toBe("20270101T033000Z");
  });

  it("refuse an invalid date instead of writing garbage", () => {
    expect(() => icsUtc(new Date("not a date"))).toThrow(RangeError);
  });
});

describe("iCalendar text escaping", () => {
  it("escapes backslashes, semicolons and commas, and writes line breaks as \\n", () => {
    expect(escapeText("Semis; then finals, live")).toBe("Semis\\; then finals\\, live");
    expect(escapeText("C:\\path")).toBe("C:\\\\path");
    expect(escapeText("one\ntwo\r\nthree\rfour")).toBe("one\\ntwo\\nthree\\nfour");
  });

  it("escapes a backslash before what it adds, so nothing is escaped twice", () => {
    expect(escapeText("\\,")).toBe("\\\\\\,");
  });

  it("drops control characters the format forbids, keeping tabs", () => {
    expect(escapeText("a\u0000b\u0007c\td\u007f")).toBe("abc\td");
  });
});

describe("iCalendar line folding", () => {
  it("leaves a line of 75 octets as it is and folds the 76th onto a line starting with a space", () => {
    const exact = "X".repeat(MAX_LINE_OCTETS);
    expect(foldLine(exact)).toBe(exact);
    const folded = foldLine(`${exact}Y`);
    expect(folded).toBe(`${exact}\r\n Y`);
  });

  it("keeps every physical line within 75 octets, the leading space included", () => {
    const line = `SUMMARY:${"A long title ".repeat(30)}`;
    const folded = foldLine(line);
    const lines = folded.split("\r\n");
    expect(lines.length).toBeGreaterThan(2);
    for (const [i, physical] of lines.entries()) {
      expect(octets(physical)).toBeLessThanOrEqual(MAX_LINE_OCTETS);
      if (i > 0) expect(physical.startsWith(" ")).toBe(true);
    }
    expect(unfoldIcs(folded)).toBe(line);
  });

  it("counts octets, not characters, and never splits a multi-byte character", () => {
    // "é" is two octets, "🥊" four: 60 of them would be 120 and 240 octets.
    for (const char of ["é", "🥊"]) {
      const line = `SUMMARY:${char.repeat(60)}`;
      const folded = foldLine(line);
      for (const physical of folded.split("\r\n")) {
        expect(octets(physical)).toBeLessThanOrEqual(MAX_LINE_OCTETS);
        // A broken character would decode to the replacement character.
        expect(new TextDecoder().decode(new TextEncoder().encode(physical))).not.toContain(
          "\uFFFD",
        );
      }
      expect(unfoldIcs(folded)).toBe(line);
    }
  });
});

describe("an iCalendar object", () => {
  const stamp = new Date("2026-11-26T10:00:00.000Z");
  const text = writeCalendar({
    prodId: "-//Streaming//Upcoming events//EN",
    name: "Liga, la de siempre",
    refreshMinutes: 60,
    stamp,
    events: [
      {
        uid: "event-7.liga@example.com",
        start: new Date("2026-11-27T19:00:00.000Z"),
        end: new Date("2026-11-27T21:00:00+00:00"),
        summary: "Final; Norte vs. Sur, en directo",
        description: "Line one\nLine two",
        url: "https://example.com/realm/liga/live/7?a=1,2;3",
      },
      {
        uid: "event-8.liga@example.com",
        start: new Date("2026-11-28T19:00:00.000Z"),
        end: new Date("2026-11-28T20:00:00.000Z"),
        summary: `${"Ñandú ".repeat(20)}end`,
        url: "https://example.com/realm/liga/live/8",
      },
    ],
  });
  const lines = unfoldIcs(text).split("\r\n");

  it("is a VCALENDAR of VEVENTs with CRLF line ends, the last line ended too", () => {
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(lines.slice(0, 5)).toEqual([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Streaming//Upcoming events//EN",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
    ]);
    expect(lines).toContain("X-WR-CALNAME:Liga\\, la de siempre");
    expect(lines).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT60M");
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(2);
    expect(lines.filter((line) => line === "END:VEVENT")).toHaveLength(2);
  });

  it("gives each event its UID, the stamp, UTC times, escaped text and its URL as it is", () => {
    const first = lines.slice(lines.indexOf("BEGIN:VEVENT"), lines.indexOf("END:VEVENT") + 1);
    expect(first).toEqual([
      "BEGIN:VEVENT",
      "UID:event-7.liga@example.com",
      "DTSTAMP:20261126T100000Z",
      "DTSTART:20261127T190000Z",
      "DTEND:20261127T210000Z",
      "SUMMARY:Final\\; Norte vs. Sur\\, en directo",
      "DESCRIPTION:Line one\\nLine two",
      "URL:https://example.com/realm/liga/live/7?a=1,2;3",
      "END:VEVENT",
    ]);
  });

  it("folds long lines and leaves no physical line over 75 octets", () => {
    for (const physical of text.split("\r\n")) {
      expect(octets(physical)).toBeLessThanOrEqual(MAX_LINE_OCTETS);
    }
    expect(lines).toContain(`SUMMARY:${"Ñandú ".repeat(20)}end`);
    expect(text).toContain("\r\n ");
  });

  it("writes an event without a description without the property", () => {
    const second = lines.slice(lines.lastIndexOf("BEGIN:VEVENT"), lines.lastIndexOf("END:VEVENT"));
    expect(second.some((line) => line.startsWith("DESCRIPTION"))).toBe(false);
  });
});
