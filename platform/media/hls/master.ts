import type { LoopMedia } from "./sample.ts";
import { SUBTITLE_GROUP, SUBTITLE_TRACKS } from "./subtitles.ts";

/**
 * The master playlist of one video or event: the sample's renditions and the subtitle tracks,
 * each pointing at its own media playlist through `mediaUri` (a path relative to the master,
 * with whatever query every child request must carry).
 */
export function masterPlaylist(media: LoopMedia, mediaUri: (path: string) => string): string {
  const lines = ["#EXTM3U", "#EXT-X-VERSION:6", "#EXT-X-INDEPENDENT-SEGMENTS"];
  for (const track of SUBTITLE_TRACKS) {
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
        `SUBTITLES="${SUBTITLE_GROUP}"`,
      mediaUri(`${r.name}/index.m3u8`),
    );
  }
  return `${lines.join("\n")}\n`;
}
