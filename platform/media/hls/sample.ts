/**
 * The committed sample stream (public/media/sample, made by `npm run media`) that every video
 * and live event is built from: each rendition is the same run of equal segments, looped as
 * often as a video's duration or an event's clock needs.
 */
export interface Rendition {
  /** Folder of the rendition's segments under the sample folder; also its path in our URLs. */
  name: string;
  bandwidth: number;
  averageBandwidth: number;
  resolution: string;
  codecs: string;
  frameRate: string;
}

export interface LoopMedia {
  /** Length of every segment, in seconds. */
  segmentSeconds: number;
  /** Segments in one loop of every rendition. */
  segmentCount: number;
  /** Highest bandwidth first, as the sample's own master playlist lists them. */
  renditions: readonly Rendition[];
}

export const SAMPLE_MEDIA: LoopMedia = {
  segmentSeconds: 2,
  segmentCount: 15,
  renditions: [
    {
      name: "360p",
      bandwidth: 381264,
      averageBandwidth: 328975,
      resolution: "640x360",
      codecs: "avc1.4d401e,mp4a.40.2",
      frameRate: "25.000",
    },
    {
      name: "180p",
      bandwidth: 228608,
      averageBandwidth: 206048,
      resolution: "320x180",
      codecs: "avc1.4d4015,mp4a.40.2",
      frameRate: "25.000",
    },
  ],
};

/** File name of the sample segment that plays as segment `n` of a looped timeline. */
export function loopedSegmentFile(media: LoopMedia, n: number): string {
  return `seg_${String(n % media.segmentCount).padStart(3, "0")}.ts`;
}

export function findRendition(media: LoopMedia, name: string): Rendition | undefined {
  return media.renditions.find((r) => r.name === name);
}
