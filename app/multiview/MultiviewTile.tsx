import { useCallback, useEffect, useRef, useState } from "react";
import type { PlaybackGrant } from "../../contract/generated/playback.ts";
import { useT } from "../i18n/i18n.ts";
import { attachStream, type StreamEngine } from "../player/engine.ts";
import { useHeartbeats } from "../player/heartbeats.ts";
import { PLAYBACK_ERROR_LABELS, type PlaybackRefusal } from "../player/playback-errors.ts";
import { endSession, sendHeartbeat } from "../player/playback-session.ts";
import type { LiveChoice } from "./multiview.server.ts";

export interface TileRoutes {
  heartbeat: string;
  end: string;
}

/**
 * One live event of a multi-view: a real hls.js player of its grant, held at the lowest
 * rendition (several streams share one connection and one screen), muted unless it has the
 * audio focus. Its session stays alive by heartbeats and ends when the tile goes (closed, or
 * the page left), which frees the multi-view's place once the last tile has gone.
 */
export function MultiviewPlayer({
  event,
  grant,
  audio,
  routes,
  onRefused,
}: {
  event: LiveChoice;
  grant: PlaybackGrant;
  /** This tile's sound is on. */
  audio: boolean;
  routes: TileRoutes;
  onRefused(refusal: PlaybackRefusal): void;
}) {
  const t = useT();
  const videoRef = useRef<HTMLVideoElement>(null);
  const positionRef = useRef(0);
  const [failed, setFailed] = useState(false);
  const [soundBlocked, setSoundBlocked] = useState(false);
  const audioRef = useRef(audio);
  useEffect(() => {
    audioRef.current = audio;
  });

  /** Plays; where the browser refuses sound without a gesture, muted, saying so. */
  const start = useCallback((video: HTMLVideoElement) => {
    video.play().catch((error: unknown) => {
      if (!(error instanceof DOMException && error.name === "NotAllowedError")) return;
      if (!video.muted) setSoundBlocked(true);
      video.muted = true;
      video.play().catch(() => undefined);
    });
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let engine: StreamEngine | null = null;
    video.muted = !audioRef.current;
    attachStream(video, {
      url: grant.url,
      onError: (error) => {
        if (error.fatal) {
          engine?.destroy();
          setFailed(true);
        }
      },
      onStateChange: () => {
        // The lowest rendition, once the renditions are known (levels are listed lowest first).
        const state = engine?.state();
        if (state && state.qualities.length > 0 && state.quality !== 0) engine?.setQuality(0);
      },
    }).then(
      (attached) => {
        if (cancelled) return attached.destroy();
        engine = attached;
        attached.setQuality(0);
        start(video);
      },
      () => setFailed(true),
    );
    const onTime = () => (positionRef.current = video.currentTime);
    video.addEventListener("timeupdate", onTime);
    return () => {
      cancelled = true;
      video.removeEventListener("timeupdate", onTime);
      engine?.destroy();
    };
  }, [grant.url, start]);

  // The audio focus: only this tile's sound, where the browser lets it play.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !audio;
    setSoundBlocked(false);
    if (audio && video.readyState > 0) start(video);
  }, [audio, start]);

  const send = useCallback(
    (sessionId: string, position: number) => sendHeartbeat(routes.heartbeat, sessionId, position),
    [routes.heartbeat],
  );
  const end = useCallback(
    (sessionId: string, position: number, how: "beacon" | "wait") =>
      endSession(routes.end, sessionId, position, how),
    [routes.end],
  );
  // One callback for the tile's life: a new one would restart the heartbeats, ending the session.
  const refusedRef = useRef(onRefused);
  useEffect(() => {
    refusedRef.current = onRefused;
  });
  const refused = useCallback((refusal: PlaybackRefusal) => refusedRef.current(refusal), []);
  useHeartbeats({ videoRef, grant, live: true, positionRef, send, end, onRefused: refused });

  return (
    <div className="multiview-player">
      <video
        ref={videoRef}
        className="multiview-video"
        playsInline
        muted
        aria-label={event.title}
        data-audio={audio ? "on" : "off"}
      />
      {failed ? (
        <p className="multiview-tile-message" role="alert">
          {t(PLAYBACK_ERROR_LABELS.video)}
        </p>
      ) : null}
      {soundBlocked ? (
        <p className="multiview-tile-message" role="status">
          {t("multiViewSoundBlocked")}
        </p>
      ) : null}
    </div>
  );
}
