import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { PlaybackGrant } from "../../contract/generated/playback.ts";
import { useT } from "../i18n/i18n.ts";
import { useHydrated } from "../ui/client-state.tsx";
import { Icon } from "../ui/Icon.tsx";
import { preloadHls, type StartLanguages } from "./engine.ts";
import type { PlayerEvents } from "./events.ts";
import { useHeartbeats } from "./heartbeats.ts";
import { useFinishBeforeLeaving } from "./leave-guard.ts";
import { useIdle } from "./idle.ts";
import { useKeyboardShortcuts } from "./keyboard-shortcuts.ts";
import { useLiveCatchUp } from "./live-catch-up.ts";
import { atLiveEdge } from "./live-sync.ts";
import { useMediaStatus } from "./media-status.ts";
import type { PlaybackRefusal } from "./playback-errors.ts";
import { endSession, sendHeartbeat, type PlaybackRoutes } from "./playback-session.ts";
import { PlayerControls } from "./PlayerControls.tsx";
import type { PlayerAction } from "./shortcuts.ts";
import { useStreamEngine } from "./stream-engine.ts";

// In the browser, as soon as the player's code arrives: hls.js loads in parallel with hydration.
preloadHls();

export interface VideoPlayerProps {
  grant: PlaybackGrant;
  /** The video's length when known, so a resume position at its very end starts over. */
  duration?: number;
  routes: PlaybackRoutes;
  title: string;
  poster?: string;
  events: PlayerEvents;
  /** Playback cannot go on: the page shows the playback error modal. */
  onFatal(refusal: PlaybackRefusal): void;
  /** The viewer's saved subtitle and audio languages (playback preferences). */
  languages?: StartLanguages;
  /** Whether the stream starts playing once attached (default: it does). */
  autoPlay?: boolean;
  /** Hands over the video element, for a watch-together room to keep in step. */
  onVideo?: (video: HTMLVideoElement | null) => void;
}

// A resume position this close to the end starts the video again instead.
const RESUME_END_MARGIN = 0.95;

/** The resume position for a grant: where the profile stopped, unless it had (nearly) finished. */
export function startPositionOf(grant: PlaybackGrant, duration?: number): number | undefined {
  if (grant.live || grant.position === null || grant.position <= 0) return undefined;
  if (duration && grant.position >= duration * RESUME_END_MARGIN) return undefined;
  return grant.position;
}

/**
 * The player: the stream (stream-engine.ts), the media's status, live-edge handling,
 * heartbeats, shortcuts and the controls. It renders on the server as a poster with its
 * controls, so the page does not move when the stream starts.
 */
export function VideoPlayer({
  grant,
  routes,
  title,
  poster,
  events,
  onFatal,
  languages,
  duration: knownDuration,
  autoPlay,
  onVideo,
}: VideoPlayerProps) {
  const t = useT();
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  // Menus open inside the player (so they show in fullscreen), once it is in the document.
  const [menuContainer, setMenuContainer] = useState<HTMLElement | null>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  const followingLive = useRef(true);
  const titleId = useId();
  const emit: PlayerEvents["emit"] = (type, detail) =>
    events.emit(type, detail, rootRef.current ?? undefined);

  const {
    engineRef,
    source,
    stream,
    engineKind,
    retryOffered,
    retry,
    autoMuted,
    clearAutoMuted,
    dropEngine,
    onPlaying,
  } = useStreamEngine({
    videoRef,
    initialSource: () => ({ grant, startPosition: startPositionOf(grant, knownDuration) }),
    grantRoute: routes.grant,
    languages,
    restartPosition: (fresh) =>
      fresh.live && followingLive.current ? undefined : position() || undefined,
    emit,
    onFatal,
    autoPlay,
  });
  const live = source.grant.live;
  // Where the viewer is: kept from the media's events, because a torn-down stream reads 0.
  const lastPosition = useRef(source.startPosition ?? 0);
  const position = () => lastPosition.current;

  const status = useMediaStatus({
    videoRef,
    rootRef,
    engineRef,
    lastPositionRef: lastPosition,
    live,
    events,
    onPlaying,
  });
  const { seekingTo, goLive } = useLiveCatchUp({
    live,
    videoRef,
    engineRef,
    followingLiveRef: followingLive,
  });

  const send = useCallback(
    (sessionId: string, at: number) => sendHeartbeat(routes.heartbeat, sessionId, at),
    [routes],
  );
  const end = useCallback(
    (sessionId: string, at: number, how: "beacon" | "wait") =>
      endSession(routes.end, sessionId, at, how),
    [routes],
  );
  const onRefused = useCallback(
    (refusal: PlaybackRefusal) => {
      dropEngine();
      onFatal(refusal);
    },
    [dropEngine, onFatal],
  );
  const finish = useHeartbeats({
    videoRef,
    grant: source.grant,
    live,
    positionRef: lastPosition,
    send,
    end,
    onRefused,
  });
  useFinishBeforeLeaving(finish);

  const seekTo = (seconds: number) => {
    const video = videoRef.current;
    if (!video) return;
    const target = Math.min(Math.max(seconds, status.start), status.end || seconds);
    // The next key press counts from here, before the media has caught up.
    lastPosition.current = target;
    seekingTo(target, status.end, status.targetLatency);
    video.currentTime = target;
  };

  const togglePlay = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) void video.play().catch(() => undefined);
    else video.pause();
  };

  const setVolume = (volume: number) => {
    const video = videoRef.current;
    if (!video) return;
    // In steps of 5 %, the volume slider's own step.
    video.volume = Math.min(1, Math.max(0, Math.round(volume * 20) / 20));
    video.muted = video.volume === 0;
    clearAutoMuted();
  };

  const toggleMute = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !video.muted;
    if (!video.muted && video.volume === 0) video.volume = 0.5;
    clearAutoMuted();
  };

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void rootRef.current?.requestFullscreen().catch(() => undefined);
  };

  // Known only in the browser: decided after hydration so both renders agree.
  const hydrated = useHydrated();
  const pictureInPictureAvailable = hydrated && document.pictureInPictureEnabled === true;
  const togglePictureInPicture = () => {
    if (document.pictureInPictureElement)
      void document.exitPictureInPicture().catch(() => undefined);
    else void videoRef.current?.requestPictureInPicture().catch(() => undefined);
  };

  const selectTextTrack = (id: number) => {
    engineRef.current?.setTextTrack(id);
    const track = stream?.textTracks.find((option) => option.id === id);
    emit("textTrackChange", { track: track ? (track.language ?? track.name) : null });
  };

  const selectAudioTrack = (id: number) => {
    engineRef.current?.setAudioTrack(id);
    const track = stream?.audioTracks.find((option) => option.id === id);
    emit("audioTrackChange", { track: track ? (track.language ?? track.name) : null });
  };

  const run = (action: PlayerAction) => {
    switch (action.type) {
      case "togglePlay":
        return togglePlay();
      case "seekBy":
        return seekTo(position() + action.seconds);
      case "seekToFraction":
        return seekTo(status.start + (status.end - status.start) * action.fraction);
      case "seekToStart":
        return seekTo(status.start);
      case "seekToEnd":
        return live ? goLive() : seekTo(status.end);
      case "volumeBy":
        return setVolume((videoRef.current?.volume ?? 1) + action.delta);
      case "toggleMute":
        return toggleMute();
      case "toggleFullscreen":
        return toggleFullscreen();
      case "toggleCaptions": {
        if (!stream || stream.textTracks.length === 0) return;
        return selectTextTrack(stream.textTrack >= 0 ? -1 : stream.textTracks[0]!.id);
      }
      case "togglePictureInPicture":
        return pictureInPictureAvailable ? togglePictureInPicture() : undefined;
    }
  };
  const onKeyDown = useKeyboardShortcuts(run);

  // Controls fade while the pointer rests on a playing video; focus or a pause brings them back.
  const { idle, wake } = useIdle();

  useEffect(() => setMenuContainer(rootRef.current), []);
  useEffect(() => {
    onVideo?.(videoRef.current);
    return () => onVideo?.(null);
  }, [onVideo]);
  // The retry replaces the controls the viewer was using, so focus goes to it.
  useEffect(() => {
    if (retryOffered) retryRef.current?.focus();
  }, [retryOffered]);

  return (
    // Shortcuts are a convenience over the player's own buttons and sliders, which are all
    // reachable by Tab; the region takes the keys its controls leave alone.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={rootRef}
      className="player"
      role="region"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-idle={idle && !status.paused ? "true" : "false"}
      data-live={live ? "true" : "false"}
      data-engine={engineKind}
      onKeyDown={onKeyDown}
      onPointerMove={wake}
    >
      <span id={titleId} className="visually-hidden">
        {t("playerLabel", { title })}
      </span>
      {/* Captions come as tracks of the stream; the video itself has no words to caption. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video
        ref={videoRef}
        className="player-video"
        poster={poster}
        playsInline
        preload="auto"
        onClick={togglePlay}
        aria-hidden="true"
      />
      {status.waiting && !retryOffered && !status.paused ? (
        <div className="player-spinner" role="status">
          <span className="visually-hidden">{t("playerLoading")}</span>
        </div>
      ) : null}
      {retryOffered ? (
        <div className="player-retry" role="alert">
          <p>{t("playerNetworkError")}</p>
          <button ref={retryRef} type="button" className="button button-primary" onClick={retry}>
            {t("tryAgain")}
          </button>
        </div>
      ) : null}
      {autoMuted ? (
        // A large target for a pointer over a stream that started muted; assistive technology
        // and the keyboard have the control bar's mute button, so it is not a second "Unmute".
        <button
          type="button"
          className="player-unmute"
          onClick={toggleMute}
          aria-hidden="true"
          tabIndex={-1}
        >
          <Icon name="muted" /> {t("playerUnmute")}
        </button>
      ) : null}
      <PlayerControls
        status={status}
        live={live}
        atEdge={live && atLiveEdge(status.latency, status.targetLatency)}
        stream={stream}
        menuContainer={menuContainer}
        pictureInPictureAvailable={pictureInPictureAvailable}
        onTogglePlay={togglePlay}
        onSeekBy={(seconds) => seekTo(position() + seconds)}
        onSeekTo={seekTo}
        onVolume={setVolume}
        onToggleMute={toggleMute}
        onGoLive={goLive}
        onSelectTextTrack={selectTextTrack}
        onSelectAudioTrack={selectAudioTrack}
        onSelectQuality={(index) => engineRef.current?.setQuality(index)}
        onTogglePictureInPicture={togglePictureInPicture}
        onToggleFullscreen={toggleFullscreen}
      />
    </div>
  );
}
