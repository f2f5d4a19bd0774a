import { useEffect, type MutableRefObject, type RefObject } from "react";
import type { StreamEngine } from "./engine.ts";
import { catchUpRate, leavesLiveEdge } from "./live-sync.ts";
import { rangesOf } from "./media-status.ts";

export interface LiveCatchUpOptions {
  live: boolean;
  videoRef: RefObject<HTMLVideoElement>;
  engineRef: MutableRefObject<StreamEngine | null>;
  /** Whether the viewer follows the live edge rather than watching back in the DVR window. */
  followingLiveRef: MutableRefObject<boolean>;
}

/**
 * A live stream's edge: playback stays near it after stalls (never eating into the buffer
 * floor, see live-sync.ts), a seek far enough back in the DVR window leaves it, "Go live"
 * returns to it.
 */
export function useLiveCatchUp({
  live,
  videoRef,
  engineRef,
  followingLiveRef,
}: LiveCatchUpOptions) {
  useEffect(() => {
    if (!live) return;
    const timer = window.setInterval(() => {
      const video = videoRef.current;
      const engine = engineRef.current;
      if (!video || !engine || video.paused) return;
      const edge = engine.liveSyncPosition();
      if (edge === null) return;
      const buffered = rangesOf(video.buffered).find(
        ([from, to]) => from <= video.currentTime && video.currentTime <= to,
      );
      video.playbackRate = catchUpRate({
        latency: edge - video.currentTime,
        target: engine.targetLatency(),
        bufferAhead: buffered ? buffered[1] - video.currentTime : 0,
        followingLive: followingLiveRef.current,
      });
    }, 1000);
    return () => window.clearInterval(timer);
  }, [live, videoRef, engineRef, followingLiveRef]);

  /** A seek to `target` on a live stream: far enough behind the edge, the viewer watches back. */
  const seekingTo = (target: number, knownEdge: number, targetLatency: number) => {
    const video = videoRef.current;
    if (!live || !video) return;
    const latency = (engineRef.current?.liveSyncPosition() ?? knownEdge) - target;
    followingLiveRef.current = !leavesLiveEdge(latency, targetLatency);
    if (!followingLiveRef.current) video.playbackRate = 1;
  };

  const goLive = () => {
    const edge = engineRef.current?.liveSyncPosition();
    if (edge === null || edge === undefined || !videoRef.current) return;
    followingLiveRef.current = true;
    videoRef.current.currentTime = edge;
    void videoRef.current.play().catch(() => undefined);
  };

  return { seekingTo, goLive };
}
