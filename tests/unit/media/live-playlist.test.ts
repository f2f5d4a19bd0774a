import { describe, expect, it } from "vitest";
import {
  DVR_WINDOW_SECONDS,
  liveMediaPlaylist,
  liveWindowSeconds,
  SHORT_WINDOW_SECONDS,
} from "../../../platform/media/hls/live.ts";
import { SAMPLE_MEDIA } from "../../../platform/media/hls/sample.ts";
import { parseMediaPlaylist } from "./parse-playlist.ts";

const startAt = new Date("2026-11-22T20:00:00.000Z");
const endAt = new Date("2026-11-22T23:00:00.000Z");
const at = (seconds: number) => new Date(startAt.getTime() + seconds * 1000);

function read(now: Date, windowSeconds = DVR_WINDOW_SECONDS, replay = false) {
  return parseMediaPlaylist(
    liveMediaPlaylist(SAMPLE_MEDIA, { startAt, endAt }, now, {
      windowSeconds,
      replay,
      segmentUri: (n) => `${n}.ts?t=sig`,
    }),
  );
}

describe("a live event's media playlist", () => {
  it("slides with the clock: continuous sequence numbers and program date times", () => {
    const earlier = read(at(3600.5));
    const later = read(at(3600.5 + 37));
    for (const playlist of [earlier, later]) {
      expect(playlist.ended).toBe(false);
      expect(playlist.segments).toHaveLength(DVR_WINDOW_SECONDS / 2);
      for (const s of playlist.segments) {
        // Each segment is named, numbered and timed by its place since the start.
        expect(s.uri).toBe(`${s.sequence}.ts?t=sig`);
        expect(s.programDateTime).toBe(at(s.sequence * 2).toISOString());
      }
    }
    // The live edge: the last segment listed has wholly happened, the next has not.
    expect(earlier.segments.at(-1)!.sequence).toBe(1799);
    expect(later.segments.at(-1)!.sequence).toBe(1817);
    // 37 s later the window moved on 18 segments; both readings agree where they overlap.
    expect(later.segments[0]!.sequence - earlier.segments[0]!.sequence).toBe(18);
    const overlap = later.segments.filter((s) => s.sequence <= 1799);
    expect(overlap).toEqual(earlier.segments.slice(18));
  });

  it("marks every loop of the sample with a discontinuity, counted in the sequence tag", () => {
    const playlist = read(at(100), 60);
    const first = playlist.segments[0]!;
    expect(first.sequence).toBe(20);
    expect(playlist.tags.get("EXT-X-DISCONTINUITY-SEQUENCE")).toBe("1");
    expect(playlist.segments.filter((s) => s.discontinuity).map((s) => s.sequence)).toEqual([
      30, 45,
    ]);
    expect(playlist.segments.find((s) => s.sequence === 45)!.discontinuitySequence).toBe(3);
    // A window starting right on a loop boundary counts that boundary instead of tagging it.
    const onBoundary = read(at(90), 60);
    expect(onBoundary.segments[0]!).toMatchObject({ sequence: 15, discontinuity: false });
    expect(onBoundary.tags.get("EXT-X-DISCONTINUITY-SEQUENCE")).toBe("1");
  });

  it("opens at the start time and grows until the window is full", () => {
    expect(read(at(-5)).segments).toEqual([]);
    expect(read(at(1.9)).segments).toEqual([]);
    const early = read(at(31));
    expect(early.segments.map((s) => s.sequence)).toEqual(Array.from({ length: 15 }, (_, n) => n));
    expect(early.tags.get("EXT-X-MEDIA-SEQUENCE")).toBe("0");
  });

  it("keeps a 10 s window where the short window is asked for or the realm has no DVR", () => {
    expect(liveWindowSeconds(true, false)).toBe(1740);
    expect(liveWindowSeconds(true, true)).toBe(SHORT_WINDOW_SECONDS);
    expect(liveWindowSeconds(false, false)).toBe(SHORT_WINDOW_SECONDS);
    const short = read(at(3600), SHORT_WINDOW_SECONDS);
    expect(short.segments.map((s) => s.sequence)).toEqual([1795, 1796, 1797, 1798, 1799]);
  });

  it("ends with EXT-X-ENDLIST at the end time, then plays whole as the replay", () => {
    const last = read(at(3 * 3600 + 10));
    expect(last.ended).toBe(true);
    expect(last.segments.at(-1)!.sequence).toBe(5399);
    expect(last.segments[0]!.sequence).toBe(5400 - 870);
    const justBefore = read(new Date(endAt.getTime() - 1));
    expect(justBefore.ended).toBe(false);
    const replay = read(at(3 * 3600 + 10), DVR_WINDOW_SECONDS, true);
    expect(replay.ended).toBe(true);
    expect(replay.segments).toHaveLength(5400);
    expect(replay.segments[0]).toMatchObject({
      sequence: 0,
      programDateTime: startAt.toISOString(),
    });
    // While live, asking for the replay changes nothing: the window is the DVR's.
    expect(read(at(3600), DVR_WINDOW_SECONDS, true).segments).toHaveLength(870);
  });
});
