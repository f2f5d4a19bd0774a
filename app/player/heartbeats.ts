import { useCallback, useEffect, useRef, type RefObject } from "react";
import type { PlaybackGrant } from "../../contract/generated/playback.ts";
import type { PlaybackRefusal } from "./playback-errors.ts";

export interface HeartbeatOptions {
  videoRef: RefObject<HTMLVideoElement>;
  /** The session's grant: a new grant is a new session. */
  grant: Pick<PlaybackGrant, "sessionId" | "heartbeatSeconds">;
  live: boolean;
  /** Where the viewer is. */
  positionRef: RefObject<number>;
  /** Tells the platform where the viewer is; a refusal when this device must stop. */
  send(sessionId: string, position: number): Promise<PlaybackRefusal | null>;
  /** Ends the session where the viewer is (see `endSession`). */
  end(sessionId: string, position: number, how: "beacon" | "wait"): Promise<void>;
  onRefused(refusal: PlaybackRefusal): void;
}

/**
 * Heartbeats while playing, one on pause (which comes with the end of a video, so a video
 * watched to the end is saved as watched) and one after a seek while paused, and the
 * session's end when the page goes, once whichever way it goes. Returns `finish`: ends the
 * session now and resolves when the platform has the position (nothing to do if it ended).
 */
export function useHeartbeats({
  videoRef,
  grant,
  live,
  positionRef,
  send,
  end,
  onRefused,
}: HeartbeatOptions): () => Promise<void> {
  const finishRef = useRef<(how: "beacon" | "wait") => Promise<void>>(() => Promise.resolve());
  useEffect(() => {
    const { sessionId, heartbeatSeconds } = grant;
    let ended = false;
    const finish = (how: "beacon" | "wait") => {
      if (ended) return Promise.resolve();
      ended = true;
      return end(sessionId, positionRef.current ?? 0, how);
    };
    finishRef.current = finish;
    const beat = async () => {
      const refused = await send(sessionId, positionRef.current ?? 0);
      if (refused) onRefused(refused);
    };
    const timer = window.setInterval(() => {
      if (videoRef.current && !videoRef.current.paused) void beat();
    }, heartbeatSeconds * 1000);
    const video = videoRef.current;
    const onPause = () => void beat();
    video?.addEventListener("pause", onPause);
    const onSeeked = () => {
      if (!live && video?.paused) void beat();
    };
    video?.addEventListener("seeked", onSeeked);
    const onPageHide = () => void finish("beacon");
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.clearInterval(timer);
      video?.removeEventListener("pause", onPause);
      video?.removeEventListener("seeked", onSeeked);
      window.removeEventListener("pagehide", onPageHide);
      // Leaving the page inside the app (or starting over from a new grant) ends it too, where
      // the viewer is by then, unless leaving already did.
      void finish("beacon");
    };
  }, [grant, send, end, live, onRefused, videoRef, positionRef]);
  return useCallback(() => finishRef.current("wait"), []);
}
