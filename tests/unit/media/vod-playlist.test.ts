import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIO_GROUP, SUBTITLE_GROUP } from "../../../platform/media/hls/subtitles.ts";
import { masterPlaylist } from "../../../platform/media/hls/master.ts";
import { loopedSegmentFile, SAMPLE_MEDIA } from "../../../platform/media/hls/sample.ts";
import { vodMediaPlaylist, vodSegmentCount } from "../../../platform/media/hls/vod.ts";
import { parseMediaPlaylist } from "./parse-playlist.ts";

const sampleDir = path.resolve(import.meta.dirname, "../../../public/media/sample");

describe("the sample the origin loops", () => {
  it("describes the committed renditions: their master entries, segment count and lengths", () => {
    const master = readFileSync(path.join(sampleDir, "master.m3u8"), "utf8");
    const ours = masterPlaylist(SAMPLE_MEDIA, (child) => child);
    // Ours adds the audio and subtitles groups to each variant; the renditions are the sample's.
    const variants = (text: string) =>
      text
        .split("\n")
        .filter((l) => /^#EXT-X-STREAM-INF|^\d/.test(l))
        .map((l) => l.replace(`,AUDIO="${AUDIO_GROUP}",SUBTITLES="${SUBTITLE_GROUP}"`, ""));
    expect(variants(ours)).toEqual(variants(master));
    for (const rendition of SAMPLE_MEDIA.renditions) {
      const own = parseMediaPlaylist(
        readFileSync(path.join(sampleDir, rendition.name, "index.m3u8"), "utf8"),
      );
      expect(own.segments.map((s) => s.uri)).toEqual(
        Array.from({ length: SAMPLE_MEDIA.segmentCount }, (_, n) =>
          loopedSegmentFile(SAMPLE_MEDIA, n),
        ),
      );
      expect(own.segments.every((s) => s.duration === SAMPLE_MEDIA.segmentSeconds)).toBe(true);
    }
  });
});

describe("a video's media playlist", () => {
  const playlist = (seconds: number) =>
    parseMediaPlaylist(vodMediaPlaylist(SAMPLE_MEDIA, seconds, (n) => `${n}.ts?t=sig`));

  it("lasts the video's duration in whole segments, and ends", () => {
    const video = playlist(95);
    expect(video.segments).toHaveLength(48);
    expect(video.segments.reduce((sum, s) => sum + s.duration, 0)).toBe(96);
    expect(video.ended).toBe(true);
    expect(video.tags.get("EXT-X-PLAYLIST-TYPE")).toBe("VOD");
    expect(video.tags.get("EXT-X-TARGETDURATION")).toBe("2");
    expect(vodSegmentCount(SAMPLE_MEDIA, 10260)).toBe(5130);
    expect(playlist(1).segments).toHaveLength(1);
  });

  it("numbers its segments and marks each loop of the sample with a discontinuity", () => {
    const video = playlist(70);
    expect(video.segments.map((s) => s.uri)).toEqual(
      Array.from({ length: 35 }, (_, n) => `${n}.ts?t=sig`),
    );
    expect(video.segments.filter((s) => s.discontinuity).map((s) => s.sequence)).toEqual([15, 30]);
    expect(video.segments.at(-1)!.discontinuitySequence).toBe(2);
    expect(loopedSegmentFile(SAMPLE_MEDIA, 31)).toBe("seg_001.ts");
  });

  it("gives each video its own length", () => {
    expect(playlist(600).segments).toHaveLength(300);
    expect(playlist(6960).segments).toHaveLength(3480);
  });
});
