import { describe, expect, it } from "vitest";
import { masterPlaylist } from "../../../platform/media/hls/master.ts";
import { SAMPLE_MEDIA } from "../../../platform/media/hls/sample.ts";
import {
  findSubtitleTrack,
  SUBTITLE_GROUP,
  SUBTITLE_TRACKS,
  subtitleSegment,
} from "../../../platform/media/hls/subtitles.ts";

describe("subtitles", () => {
  it("are a group every variant of the master playlist names", () => {
    const master = masterPlaylist(SAMPLE_MEDIA, (child) => `${child}?window=short`);
    const media = master.split("\n").filter((l) => l.startsWith("#EXT-X-MEDIA:"));
    expect(media).toEqual(
      SUBTITLE_TRACKS.map(
        (track) =>
          `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${SUBTITLE_GROUP}",NAME="${track.name}",` +
          `LANGUAGE="${track.language}",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,` +
          `URI="subs/${track.language}/index.m3u8?window=short"`,
      ),
    );
    const variants = master.split("\n").filter((l) => l.startsWith("#EXT-X-STREAM-INF:"));
    expect(variants).toHaveLength(SAMPLE_MEDIA.renditions.length);
    for (const variant of variants) expect(variant).toContain(`SUBTITLES="${SUBTITLE_GROUP}"`);
  });

  it("give each segment a cue mapped to its sample segment's timestamps", () => {
    const first = subtitleSegment(SAMPLE_MEDIA, 0);
    expect(first.split("\n").slice(0, 2)).toEqual([
      "WEBVTT",
      "X-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000",
    ]);
    expect(first).toContain("00:00:00.000 --> 00:00:02.000\nSubtitles 00:00:00");
    // Segment 47 of a stream is sample segment 2 (47 mod 15), 94 s in.
    const later = subtitleSegment(SAMPLE_MEDIA, 47);
    expect(later).toContain(`MPEGTS:${126000 + 2 * 2 * 90000},`);
    expect(later).toContain("Subtitles 00:01:34");
  });

  it("are found by language only when the stream has them", () => {
    expect(findSubtitleTrack("en")?.name).toBe("English");
    expect(findSubtitleTrack("xx")).toBeUndefined();
  });
});
