import type { ErrorData, default as HlsType } from "hls.js";
import { hasMediaSource, loadHls, playsHlsNatively } from "../ui/hls.ts";
import type { StreamError } from "./recovery.ts";

/** A rendition the viewer can pick (hls.js only; native players choose on their own). */
export interface QualityOption {
  index: number;
  height: number;
  bitrate: number;
}

export interface TrackOption {
  id: number;
  name: string;
  language?: string;
}

export interface StreamState {
  qualities: QualityOption[];
  /** -1: automatic. */
  quality: number;
  /** The rendition playing now, also while automatic. */
  playingQuality: number;
  audioTracks: TrackOption[];
  audioTrack: number;
  textTracks: TrackOption[];
  /** -1: captions off. */
  textTrack: number;
}

export interface StreamEngine {
  readonly kind: "hls.js" | "native";
  state(): StreamState;
  setQuality(index: number): void;
  setAudioTrack(id: number): void;
  setTextTrack(id: number): void;
  /** The position hls.js keeps live playback at, or the end of the seekable range. */
  liveSyncPosition(): number | null;
  /** The latency live playback aims for, in seconds. */
  targetLatency(): number;
  recoverMediaError(swapAudioCodec: boolean): void;
  destroy(): void;
}

export interface StartLanguages {
  subtitles: string | null;
  audio: string | null;
}

export interface AttachOptions {
  url: string;
  /** Where to start, in seconds (a resume position); live streams start at their edge. */
  startPosition?: number;
  /** The viewer's saved languages: subtitles shown from the start (null: off), audio track. */
  languages?: StartLanguages;
  onError(error: StreamError, detail: string): void;
  /** Levels, tracks or the playing rendition changed. */
  onStateChange(): void;
}

/**
 * Starts downloading hls.js (where it will be used) without waiting for it: the watch page
 * calls this as its code arrives, so the library loads while the page hydrates rather than
 * after. Other pages never call it: a hero's background video fetches hls.js only once it plays.
 */
export function preloadHls(): void {
  if (typeof window !== "undefined" && hasMediaSource()) void loadHls();
}

/**
 * Plays `url` in `video`: with hls.js where Media Source Extensions exist (it gives quality
 * choice and the error recovery the player relies on), with the browser's own HLS otherwise.
 * hls.js is imported here, on demand, so only a page that plays a stream ever downloads it.
 */
export async function attachStream(
  video: HTMLVideoElement,
  options: AttachOptions,
): Promise<StreamEngine> {
  if (hasMediaSource()) {
    const { default: Hls } = await loadHls();
    if (Hls.isSupported()) return attachHls(Hls, video, options);
  }
  if (playsHlsNatively(video)) return attachNative(video, options);
  throw new Error("This browser cannot play HLS");
}

function attachHls(Hls: typeof HlsType, video: HTMLVideoElement, options: AttachOptions) {
  const hls = new Hls({
    startPosition: options.startPosition ?? -1,
    // A few segments behind the edge: close to live, with room to absorb a slow segment.
    liveSyncDurationCount: 3,
    // Catch-up is the player's own (live-sync.ts), which respects a buffer floor.
    maxLiveSyncPlaybackRate: 1,
    capLevelToPlayerSize: true,
    // Half a minute ahead (a minute at most) is plenty locally and spares viewers' data plans.
    maxBufferLength: 30,
    maxMaxBufferLength: 60,
    // The viewer's saved languages pick the tracks as the manifest arrives.
    ...(options.languages?.subtitles
      ? { subtitlePreference: { lang: options.languages.subtitles } }
      : {}),
    ...(options.languages?.audio ? { audioPreference: { lang: options.languages.audio } } : {}),
    // Fail within seconds, not half a minute: the viewer gets a retry button instead of a spinner.
    fragLoadPolicy: {
      default: {
        maxTimeToFirstByteMs: 8000,
        maxLoadTimeMs: 20000,
        timeoutRetry: { maxNumRetry: 2, retryDelayMs: 0, maxRetryDelayMs: 0 },
        errorRetry: { maxNumRetry: 3, retryDelayMs: 500, maxRetryDelayMs: 2000 },
      },
    },
  });
  hls.on(Hls.Events.ERROR, (_event, data: ErrorData) => {
    options.onError(
      { fatal: data.fatal, type: data.type, httpStatus: data.response?.code },
      data.details,
    );
  });
  for (const event of [
    Hls.Events.MANIFEST_PARSED,
    Hls.Events.LEVEL_SWITCHED,
    Hls.Events.AUDIO_TRACKS_UPDATED,
    Hls.Events.AUDIO_TRACK_SWITCHED,
    Hls.Events.SUBTITLE_TRACKS_UPDATED,
    Hls.Events.SUBTITLE_TRACK_SWITCH,
  ]) {
    hls.on(event, () => options.onStateChange());
  }
  hls.loadSource(options.url);
  hls.attachMedia(video);
  const engine: StreamEngine = {
    kind: "hls.js",
    state: () => ({
      qualities: hls.levels.map((level, index) => ({
        index,
        height: level.height,
        bitrate: level.bitrate,
      })),
      // The viewer's choice, even before the switch to it has happened.
      quality: hls.manualLevel,
      playingQuality: hls.currentLevel,
      audioTracks: hls.audioTracks.map((track) => ({
        id: track.id,
        name: track.name,
        language: track.lang,
      })),
      audioTrack: hls.audioTrack,
      textTracks: hls.subtitleTracks.map((track) => ({
        id: track.id,
        name: track.name,
        language: track.lang,
      })),
      textTrack: hls.subtitleTrack,
    }),
    setQuality(index) {
      // nextLevel switches at the next segment without emptying the buffer.
      hls.nextLevel = index;
      options.onStateChange();
    },
    setAudioTrack(id) {
      hls.audioTrack = id;
    },
    setTextTrack(id) {
      hls.subtitleDisplay = id >= 0;
      hls.subtitleTrack = id;
      options.onStateChange();
    },
    liveSyncPosition: () => hls.liveSyncPosition ?? seekableEnd(video),
    targetLatency: () => hls.targetLatency ?? 6,
    recoverMediaError(swapAudioCodec) {
      if (swapAudioCodec) hls.swapAudioCodec();
      hls.recoverMediaError();
    },
    destroy: () => hls.destroy(),
  };
  return engine;
}

function attachNative(video: HTMLVideoElement, options: AttachOptions): StreamEngine {
  const onError = () => {
    const code = video.error?.code;
    options.onError(
      {
        fatal: true,
        // MEDIA_ERR_NETWORK is 2; decoding and format errors are the media's.
        type: code === 2 ? "networkError" : "mediaError",
      },
      `native-${code ?? "unknown"}`,
    );
  };
  const onMetadata = () => {
    if (options.startPosition) video.currentTime = options.startPosition;
    const wanted = options.languages?.subtitles;
    if (wanted) {
      for (const track of textTracks()) {
        if (track.language === wanted) track.mode = "showing";
      }
    }
    options.onStateChange();
  };
  video.addEventListener("error", onError);
  video.addEventListener("loadedmetadata", onMetadata, { once: true });
  video.src = options.url;
  const textTracks = () =>
    Array.from(video.textTracks).filter((t) => t.kind === "subtitles" || t.kind === "captions");
  return {
    kind: "native",
    state: () => ({
      qualities: [],
      quality: -1,
      playingQuality: -1,
      audioTracks: [],
      audioTrack: -1,
      textTracks: textTracks().map((t, id) => ({ id, name: t.label, language: t.language })),
      textTrack: textTracks().findIndex((t) => t.mode === "showing"),
    }),
    setQuality: () => undefined,
    setAudioTrack: () => undefined,
    setTextTrack(id) {
      textTracks().forEach((t, index) => (t.mode = index === id ? "showing" : "disabled"));
      options.onStateChange();
    },
    liveSyncPosition: () => seekableEnd(video),
    targetLatency: () => 6,
    recoverMediaError: () => video.load(),
    destroy() {
      video.removeEventListener("error", onError);
      video.removeEventListener("loadedmetadata", onMetadata);
      video.removeAttribute("src");
      video.load();
    },
  };
}

function seekableEnd(video: HTMLVideoElement): number | null {
  const ranges = video.seekable;
  return ranges.length > 0 ? ranges.end(ranges.length - 1) : null;
}
