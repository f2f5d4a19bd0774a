import type { LoopMedia } from "./sample.ts";

/**
 * The master playlist of one video or event: the sample's renditions, each pointing at its own
 * media playlist through `mediaUri` (which adds the signature every child request must carry).
 */
export function masterPlaylist(media: LoopMedia, mediaUri: (rendition: string) => string): string {
  const lines = ["#EXTM3U", "#EXT-X-VERSION:6", "#EXT-X-INDEPENDENT-SEGMENTS"];
  for (const r of media.renditions) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},AVERAGE-BANDWIDTH=${r.averageBandwidth},` +
        `RESOLUTION=${r.resolution},CODECS="${r.codecs}",FRAME-RATE=${r.frameRate}`,
      mediaUri(r.name),
    );
  }
  return `${lines.join("\n")}\n`;
}
