import type { LoopMedia } from "./sample.ts";
import { AUDIO_GROUP, mediaTracks, SUBTITLE_GROUP } from "./subtitles.ts";

/**
 * The master playlist of one video or event: the sample's renditions, a subtitle track and an
 * audio track per language of the realm (`audioSubtitleLanguages`; the first language's audio
 * is the default), each pointing at its own media playlist through `mediaUri` (a path
 * relative to the master, with whatever query every child request must carry). The audio
 * tracks all carry the sample's one soundtrack (their segments are the lowest rendition's,
 * whose video players drop), so a player's audio menu switches language as it would with
 * dubbed audio.
 */
export function masterPlaylist(
  media: LoopMedia,
  mediaUri: (path: string) => string,
  languages?: readonly string[],
): string {
  const lines = ["#EXTM3U", "#EXT-X-VERSION:6", "#EXT-X-INDEPENDENT-SEGMENTS"];
  const tracks = mediaTracks(languages);
  tracks.forEach((track, index) => {
    lines.push(
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="${AUDIO_GROUP}",NAME="${track.name}",` +
        `LANGUAGE="${track.language}",DEFAULT=${index === 0 ? "YES" : "NO"},AUTOSELECT=YES,` +
        `URI="${mediaUri(`audio/${track.language}/index.m3u8`)}"`,
    );
  });
  for (const track of tracks) {
    lines.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${SUBTITLE_GROUP}",NAME="${track.name}",` +
        `LANGUAGE="${track.language}",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,` +
        `URI="${mediaUri(`subs/${track.language}/index.m3u8`)}"`,
    );
  }
  for (const r of media.renditions) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},AVERAGE-BANDWIDTH=${r.averageBandwidth},` +
        `RESOLUTION=${r.resolution},CODECS="${r.codecs}",FRAME-RATE=${r.frameRate},` +
        `AUDIO="${AUDIO_GROUP}",SUBTITLES="${SUBTITLE_GROUP}"`,
      mediaUri(`${r.name}/index.m3u8`),
    );
  }
  return `${lines.join("\n")}\n`;
}
