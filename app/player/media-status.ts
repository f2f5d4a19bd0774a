import { useEffect, useState, type MutableRefObject, type RefObject } from "react";
import type { StreamEngine } from "./engine.ts";
import type { PlayerEvents } from "./events.ts";

export interface MediaStatus {
  paused: boolean;
  ended: boolean;
  waiting: boolean;
  time: number;
  /** Seekable range: the whole video, or a live stream's DVR window up to its edge. */
  start: number;
  end: number;
  buffered: [number, number][];
  volume: number;
  muted: boolean;
  fullscreen: boolean;
  pictureInPicture: boolean;
  /** Seconds behind the live edge (live streams only). */
  latency: number;
  targetLatency: number;
}

export const INITIAL_MEDIA_STATUS: MediaStatus = {
  paused: true,
  ended: false,
  waiting: true,
  time: 0,
  start: 0,
  end: 0,
  buffered: [],
  volume: 1,
  muted: false,
  fullscreen: false,
  pictureInPicture: false,
  latency: 0,
  targetLatency: 6,
};

export function finite(value: number, fallback = 0): number {
  return Number.isFinite(value) ? value : fallback;
}

export function rangesOf(ranges: TimeRanges): [number, number][] {
  const list: [number, number][] = [];
  for (let i = 0; i < ranges.length; i++) list.push([ranges.start(i), ranges.end(i)]);
  return list;
}

export interface MediaStatusOptions {
  videoRef: RefObject<HTMLVideoElement>;
  /** The player's root: fullscreen is the player's, not the video's. */
  rootRef: RefObject<HTMLElement>;
  engineRef: MutableRefObject<StreamEngine | null>;
  /** Where the viewer is, kept up to date here while a stream plays. */
  lastPositionRef: MutableRefObject<number>;
  live: boolean;
  /** Where the player events go; the root element dispatches them too. */
  events: PlayerEvents;
  /** The media plays (again): what went wrong before is behind it. */
  onPlaying(): void;
}

/**
 * The state of the video element the controls show, read from its events, and the player
 * events those events make.
 */
export function useMediaStatus({
  videoRef,
  rootRef,
  engineRef,
  lastPositionRef,
  live,
  events,
  onPlaying,
}: MediaStatusOptions): MediaStatus {
  const [status, setStatus] = useState<MediaStatus>(INITIAL_MEDIA_STATUS);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const update = () => {
      const engine = engineRef.current;
      if (engine) lastPositionRef.current = video.currentTime;
      const seekable = rangesOf(video.seekable);
      const lastSeekable = seekable[seekable.length - 1];
      const liveEdge = live ? (engine?.liveSyncPosition() ?? lastSeekable?.[1] ?? 0) : 0;
      setStatus((previous) => ({
        ...previous,
        paused: video.paused,
        ended: video.ended,
        time: video.currentTime,
        start: live ? (seekable[0]?.[0] ?? 0) : 0,
        end: live ? Math.max(liveEdge, video.currentTime) : finite(video.duration),
        buffered: rangesOf(video.buffered),
        volume: video.volume,
        muted: video.muted,
        latency: live ? Math.max(0, liveEdge - video.currentTime) : 0,
        targetLatency: engine?.targetLatency() ?? previous.targetLatency,
      }));
    };
    const emit: PlayerEvents["emit"] = (type, detail) =>
      events.emit(type, detail, rootRef.current ?? undefined);
    const on = (type: string, listener: () => void) => {
      video.addEventListener(type, listener);
      return () => video.removeEventListener(type, listener);
    };
    let lastTimeEvent = 0;
    const offs = [
      on("loadedmetadata", () => {
        update();
        emit("ready", { duration: live ? null : finite(video.duration, 0) || null, live });
      }),
      on("playing", () => {
        onPlaying();
        setStatus((s) => ({ ...s, waiting: false }));
        update();
        emit("playing", { position: video.currentTime });
      }),
      on("pause", () => {
        update();
        emit("pause", { position: video.currentTime });
      }),
      on("waiting", () => {
        setStatus((s) => ({ ...s, waiting: true }));
        emit("waiting", { position: video.currentTime });
      }),
      on("seeking", () => {
        if (engineRef.current) lastPositionRef.current = video.currentTime;
      }),
      on("seeked", () => {
        update();
        emit("seeked", { position: video.currentTime });
      }),
      on("ended", () => {
        update();
        emit("ended", { position: video.currentTime });
      }),
      on("timeupdate", () => {
        update();
        // About once a second is all a listener needs; timeupdate fires four times as often.
        if (Math.abs(video.currentTime - lastTimeEvent) >= 1) {
          lastTimeEvent = video.currentTime;
          emit("timeUpdate", {
            position: video.currentTime,
            duration: live ? null : finite(video.duration, 0) || null,
          });
        }
      }),
      on("progress", update),
      on("durationchange", update),
      on("volumechange", () => {
        update();
        emit("volumeChange", { volume: video.volume, muted: video.muted });
      }),
      on("enterpictureinpicture", () => {
        setStatus((s) => ({ ...s, pictureInPicture: true }));
        emit("pictureInPictureChange", { active: true });
      }),
      on("leavepictureinpicture", () => {
        setStatus((s) => ({ ...s, pictureInPicture: false }));
        emit("pictureInPictureChange", { active: false });
      }),
    ];
    const onFullscreen = () => {
      const fullscreen = document.fullscreenElement === rootRef.current;
      setStatus((s) => ({ ...s, fullscreen }));
      emit("fullscreenChange", { fullscreen });
    };
    document.addEventListener("fullscreenchange", onFullscreen);
    // Casting through the Remote Playback API, where the browser offers it.
    const remote = (video as HTMLVideoElement & { remote?: EventTarget }).remote;
    const castStates = {
      connecting: "connecting",
      connect: "connected",
      disconnect: "disconnected",
    } as const;
    const castListeners = Object.entries(castStates).map(([type, state]) => {
      const listener = () => emit("castStateChange", { state });
      remote?.addEventListener(type, listener);
      return () => remote?.removeEventListener(type, listener);
    });
    return () => {
      offs.forEach((off) => off());
      castListeners.forEach((off) => off());
      document.removeEventListener("fullscreenchange", onFullscreen);
    };
  }, [live, events, videoRef, rootRef, engineRef, lastPositionRef, onPlaying]);

  return status;
}
