import { describe, expect, it } from "vitest";
import { columnAt, moveFocus, type GridSpan } from "../../../app/epg/grid-navigation.ts";
import { DAY_MS, guideDays, readDay } from "../../../app/epg/epg-day.ts";
import { playbackOf, slotAirings } from "../../../platform/api/epg.ts";

const H = 60;
const span = (start: number, end: number): GridSpan => ({ start: start * H, end: end * H });
// Three channels: two-hour blocks, hourly blocks, nothing, and three short shows.
const rows: GridSpan[][] = [
  [span(0, 2), span(2, 4), span(4, 6)],
  [span(0, 1), span(1, 2), span(2, 3), span(3, 4)],
  [],
  [span(1, 1.5), span(5, 6), span(9, 10)],
];
const move = (row: number, col: number, key: string, ctrl = false, pageSize = 2) =>
  moveFocus(rows, { row, col }, key, { ctrl, pageSize });

describe("moving focus in the guide", () => {
  it("moves along a channel by programme and stops at its ends", () => {
    expect(move(0, 0, "ArrowRight")).toEqual({ row: 0, col: 1 });
    expect(move(0, 2, "ArrowRight")).toEqual({ row: 0, col: 2 });
    expect(move(0, 1, "ArrowLeft")).toEqual({ row: 0, col: 0 });
    expect(move(0, 0, "ArrowLeft")).toEqual({ row: 0, col: 0 });
    expect(move(1, 2, "Home")).toEqual({ row: 1, col: 0 });
    expect(move(1, 0, "End")).toEqual({ row: 1, col: 3 });
  });

  it("moves across channels to what airs at the same time, skipping empty channels", () => {
    expect(move(0, 1, "ArrowDown")).toEqual({ row: 1, col: 2 });
    expect(move(1, 3, "ArrowUp")).toEqual({ row: 0, col: 1 });
    // Channel 3 is empty: down goes on to channel 4, to the nearest programme in time.
    expect(move(1, 1, "ArrowDown")).toEqual({ row: 3, col: 0 });
    expect(move(3, 1, "ArrowUp")).toEqual({ row: 1, col: 3 });
    expect(move(3, 0, "ArrowDown")).toEqual({ row: 3, col: 0 });
    expect(move(0, 0, "ArrowUp")).toEqual({ row: 0, col: 0 });
  });

  it("pages by channels and jumps to the first and last channel with Ctrl", () => {
    expect(move(0, 0, "PageDown")).toEqual({ row: 3, col: 0 });
    expect(move(3, 2, "PageUp")).toEqual({ row: 1, col: 3 });
    expect(move(1, 1, "PageUp")).toEqual({ row: 0, col: 0 });
    expect(move(1, 1, "End", true)).toEqual({ row: 3, col: 2 });
    expect(move(3, 1, "Home", true)).toEqual({ row: 0, col: 0 });
  });

  it("keeps to the anchor time (now) going down, not to when a long programme above began", () => {
    const anchor = 1.5 * H;
    // Channel 1's 0–2 block holds 1:30; below, the 1–2 programme airs then, not the 0–1 one.
    expect(
      moveFocus(rows, { row: 0, col: 0 }, "ArrowDown", { ctrl: false, pageSize: 2, anchor }),
    ).toEqual({
      row: 1,
      col: 1,
    });
    // Without an anchor: what aired when the programme above began.
    expect(move(0, 0, "ArrowDown")).toEqual({ row: 1, col: 0 });
    // An anchor outside the focused programme is ignored.
    expect(
      moveFocus(rows, { row: 0, col: 1 }, "ArrowDown", { ctrl: false, pageSize: 2, anchor }),
    ).toEqual({
      row: 1,
      col: 2,
    });
  });

  it("leaves other keys alone", () => {
    expect(move(0, 0, "a")).toBeNull();
    expect(move(0, 0, "Tab")).toBeNull();
  });

  it("lands on the programme airing at the start of the one left, else an overlapping one", () => {
    expect(columnAt(rows[1]!, span(2.5, 3))).toBe(2);
    expect(columnAt(rows[0]!, span(1.5, 5))).toBe(0);
    expect(columnAt([], span(0, 1))).toBe(-1);
  });
});

describe("days of the guide", () => {
  const now = Date.UTC(2026, 10, 26, 15, 30);
  it("offers yesterday to six days ahead, today without a parameter", () => {
    const days = guideDays(now);
    expect(days).toHaveLength(8);
    expect(new Date(days[0]!).toISOString()).toBe("2026-11-25T00:00:00.000Z");
    expect(new Date(days[7]!).toISOString()).toBe("2026-12-02T00:00:00.000Z");
    expect(readDay(null, now)).toBe(days[1]);
    expect(readDay("2026-12-02", now)).toBe(days[7]);
  });
  it("refuses days it does not offer and dates that are not dates", () => {
    for (const value of ["2026-11-24", "2026-12-03", "2026-02-30", "26-11-2026", "today"]) {
      expect(readDay(value, now), value).toBeNull();
    }
  });
});

describe("the platform's schedule expansion and playback rules", () => {
  it("repeats a daily slot on every day it overlaps, including one begun the day before", () => {
    const from = new Date(Date.UTC(2026, 0, 10));
    const to = new Date(from.getTime() + 2 * DAY_MS);
    const late = slotAirings({ startMinute: 23 * 60, durationMinutes: 120 }, from, to);
    expect(late.map((d) => d.toISOString())).toEqual([
      "2026-01-09T23:00:00.000Z",
      "2026-01-10T23:00:00.000Z",
      "2026-01-11T23:00:00.000Z",
    ]);
    const morning = slotAirings({ startMinute: 6 * 60, durationMinutes: 60 }, from, to);
    expect(morning).toHaveLength(2);
  });

  it("offers live, catch-up, a reminder or nothing as the realm allows", () => {
    const both = { live: true, catchUp: true };
    const none = { live: false, catchUp: false };
    const p = { liveEventId: 7, replayVideoId: 9 };
    expect(playbackOf(p, "LIVE", both)).toEqual({ kind: "LIVE", eventId: 7 });
    expect(playbackOf(p, "PAST", both)).toEqual({ kind: "CATCH_UP", videoId: 9 });
    expect(playbackOf(p, "UPCOMING", none)).toEqual({ kind: "REMINDER" });
    expect(playbackOf(p, "LIVE", none)).toEqual({ kind: "NONE" });
    expect(playbackOf(p, "PAST", none)).toEqual({ kind: "NONE" });
    expect(playbackOf({ liveEventId: null, replayVideoId: null }, "LIVE", both)).toEqual({
      kind: "NONE",
    });
  });
});
