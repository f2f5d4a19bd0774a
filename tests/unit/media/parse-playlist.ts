/** A media playlist read back the way a player reads it: tags, then segments with their tags. */
export interface ParsedSegment {
  uri: string;
  duration: number;
  programDateTime?: string;
  discontinuity: boolean;
  /** Media sequence number, counted from EXT-X-MEDIA-SEQUENCE. */
  sequence: number;
  /** Discontinuity sequence number, counted from EXT-X-DISCONTINUITY-SEQUENCE. */
  discontinuitySequence: number;
}

export interface ParsedPlaylist {
  tags: Map<string, string>;
  segments: ParsedSegment[];
  ended: boolean;
}

export function parseMediaPlaylist(text: string): ParsedPlaylist {
  const lines = text.split("\n").filter((l) => l !== "");
  if (lines[0] !== "#EXTM3U") throw new Error("not a playlist");
  const tags = new Map<string, string>();
  const segments: ParsedSegment[] = [];
  let pending: Partial<ParsedSegment> = {};
  let sequence = 0;
  let discontinuitySequence = 0;
  let ended = false;
  for (const line of lines.slice(1)) {
    if (line === "#EXT-X-ENDLIST") ended = true;
    else if (line === "#EXT-X-DISCONTINUITY") {
      pending.discontinuity = true;
      discontinuitySequence += 1;
    } else if (line.startsWith("#EXTINF:")) pending.duration = parseFloat(line.slice(8));
    else if (line.startsWith("#EXT-X-PROGRAM-DATE-TIME:")) pending.programDateTime = line.slice(25);
    else if (line.startsWith("#")) {
      const [name, value = ""] = line.slice(1).split(/:(.*)/s);
      tags.set(name!, value);
      if (name === "EXT-X-MEDIA-SEQUENCE") sequence = Number(value);
      if (name === "EXT-X-DISCONTINUITY-SEQUENCE") discontinuitySequence = Number(value);
    } else {
      segments.push({
        uri: line,
        duration: pending.duration ?? NaN,
        programDateTime: pending.programDateTime,
        discontinuity: pending.discontinuity ?? false,
        sequence,
        discontinuitySequence,
      });
      sequence += 1;
      pending = {};
    }
  }
  return { tags, segments, ended };
}
