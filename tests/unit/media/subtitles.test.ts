import { describe, expect, it } from "vitest";
import { masterPlaylist } from "../../../platform/media/hls/master.ts";
import { SAMPLE_MEDIA } from "../../../platform/media/hls/sample.ts";
import {
  AUDIO_GROUP,
  findMediaTrack,
  mediaTracks,
  SUBTITLE_GROUP,
  subtitleSegment,
} from "../../../platform/media/hls/subtitles.ts";

describe("subtitles", () => {
  it("are a group every variant of the master playlist names, one track per realm language", () => {
    const master = masterPlaylist(SAMPLE_MEDIA, (child) => `${child}?window=short`, [
      "pt",
      "es",
      "en",
    ]);
    const media = master.split("\n").filter((l) => l.startsWith("#EXT-X-MEDIA:TYPE=SUBTITLES"));
    expect(media).toEqual(
      mediaTracks(["pt", "es", "en"]).map(
        (track) =>
          `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${SUBTITLE_GROUP}",NAME="${track.name}",` +
          `LANGUAGE="${track.language}",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,` +
          `URI="subs/${track.language}/index.m3u8?window=short"`,
      ),
    );
    const variants = master.split("\n").filter((l) => l.startsWith("#EXT-X-STREAM-INF:"));
    expect(variants).toHaveLength(SAMPLE_MEDIA.renditions.length);
    for (const variant of variants) expect(variant).toContain(`SUBTITLES="${SUBTITLE_GROUP}"`);
    expect(mediaTracks(["pt", "es", "en"]).map((track) => track.name)).toEqual([
      "Português",
      "Español",
      "English",
    ]);
  });

  it("come with an audio track per realm language, the first one the default", () => {
    const master = masterPlaylist(SAMPLE_MEDIA, (child) => child, ["en", "es"]);
    expect(master.split("\n").filter((l) => l.startsWith("#EXT-X-MEDIA:TYPE=AUDIO"))).toEqual([
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="${AUDIO_GROUP}",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="audio/en/index.m3u8"`,
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="${AUDIO_GROUP}",NAME="Español",LANGUAGE="es",DEFAULT=NO,AUTOSELECT=YES,URI="audio/es/index.m3u8"`,
    ]);
    const variants = master.split("\n").filter((l) => l.startsWith("#EXT-X-STREAM-INF:"));
    for (const variant of variants) expect(variant).toContain(`AUDIO="${AUDIO_GROUP}"`);
    // A realm without languages, or with malformed ones, streams English only.
    expect(mediaTracks(undefined)).toEqual([{ language: "en", name: "English" }]);
    expect(mediaTracks(["../x"])).toEqual([{ language: "en", name: "English" }]);
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
    expect(subtitleSegment(SAMPLE_MEDIA, 47, "pt")).toContain("Legendas 00:01:34");
  });

  it("are found by language only when the stream's realm has them", () => {
    expect(findMediaTrack("en", undefined)?.name).toBe("English");
    expect(findMediaTrack("es", ["en", "es"])?.name).toBe("Español");
    expect(findMediaTrack("pt", ["en", "es"])).toBeUndefined();
    expect(findMediaTrack("xx", undefined)).toBeUndefined();
  });
});
