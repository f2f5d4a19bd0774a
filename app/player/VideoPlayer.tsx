import { DropdownMenu } from "radix-ui";
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import type { PlaybackGrant } from "../../contract/generated/playback.ts";
import { useT } from "../i18n/i18n.ts";
import { formatDuration } from "../ui/Card.tsx";
import { useHydrated } from "../ui/client-state.tsx";
import { Icon } from "../ui/Icon.tsx";
import { attachStream, preloadHls, type StreamEngine, type StreamState } from "./engine.ts";
import type { PlayerEvents } from "./events.ts";
import { atLiveEdge, catchUpRate, leavesLiveEdge } from "./live-sync.ts";
import type { PlaybackRefusal } from "./playback-errors.ts";
import {
  endSession,
  requestGrant,
  sendHeartbeat,
  type PlaybackRoutes,
} from "./playback-session.ts";
import { recoveryFor, type StreamError } from "./recovery.ts";
import {
  keyBelongsToControl,
  pageShortcutFor,
  shortcutFor,
  type PlayerAction,
} from "./shortcuts.ts";

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
}

interface MediaStatus {
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

const INITIAL: MediaStatus = {
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

// A resume position this close to the end starts the video again instead.
const RESUME_END_MARGIN = 0.95;
// The controls fade after this long without pointer movement while playing.
const IDLE_MS = 3000;

function finite(value: number, fallback = 0): number {
  return Number.isFinite(value) ? value : fallback;
}

function rangesOf(ranges: TimeRanges): [number, number][] {
  const list: [number, number][] = [];
  for (let i = 0; i < ranges.length; i++) list.push([ranges.start(i), ranges.end(i)]);
  return list;
}

/** The resume position for a grant: where the profile stopped, unless it had (nearly) finished. */
export function startPositionOf(grant: PlaybackGrant, duration?: number): number | undefined {
  if (grant.live || grant.position === null || grant.position <= 0) return undefined;
  if (duration && grant.position >= duration * RESUME_END_MARGIN) return undefined;
  return grant.position;
}

/**
 * The player: the stream (hls.js or native HLS, see engine.ts), its controls and shortcuts,
 * live-edge handling, heartbeats, and the recovery policy of recovery.ts. It renders on the
 * server as a poster with its controls, so the page does not move when the stream starts.
 */
export function VideoPlayer({
  grant,
  routes,
  title,
  poster,
  events,
  onFatal,
  duration: knownDuration,
}: VideoPlayerProps) {
  const t = useT();
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const engineRef = useRef<StreamEngine | null>(null);
  const [source, setSource] = useState(() => ({
    grant,
    startPosition: startPositionOf(grant, knownDuration),
  }));
  const [status, setStatus] = useState<MediaStatus>(INITIAL);
  const [stream, setStream] = useState<StreamState | null>(null);
  const [engineKind, setEngineKind] = useState<StreamEngine["kind"]>();
  // Menus open inside the player (so they show in fullscreen), once it is in the document.
  const [menuContainer, setMenuContainer] = useState<HTMLElement | null>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  const [retryOffered, setRetryOffered] = useState(false);
  const [autoMuted, setAutoMuted] = useState(false);
  const [idle, setIdle] = useState(false);
  const mediaRecoveries = useRef(0);
  const renewedSinceLastPlay = useRef(false);
  const followingLive = useRef(true);
  const live = source.grant.live;
  const titleId = useId();

  // Where the viewer is: kept from the media's events, because a torn-down stream reads 0.
  const lastPosition = useRef(source.startPosition ?? 0);
  const position = () => lastPosition.current;
  /** Stops the stream; the engine is forgotten first, so its teardown events are not read. */
  const dropEngine = () => {
    const engine = engineRef.current;
    engineRef.current = null;
    engine?.destroy();
  };
  const emit: PlayerEvents["emit"] = (type, detail) =>
    events.emit(type, detail, rootRef.current ?? undefined);

  /** Starts over from a fresh grant (a retry, a lapsed signature) where the viewer was. */
  const restart = useCallback(async () => {
    const answer = await requestGrant(routes.grant);
    if ("error" in answer) {
      onFatal(answer);
      return;
    }
    const at = lastPosition.current;
    setSource({
      grant: answer,
      startPosition: answer.live && followingLive.current ? undefined : at || undefined,
    });
  }, [routes.grant, onFatal]);

  const handleError = useRef<(error: StreamError, detail: string) => void>(() => undefined);
  const onStreamError = (error: StreamError, detail: string) => {
    emit("error", {
      kind:
        error.type === "mediaError" ? "media" : error.type === "networkError" ? "network" : "other",
      code: detail,
      fatal: error.fatal,
    });
    const step = recoveryFor(error, mediaRecoveries.current);
    switch (step.action) {
      case "ignore":
        return;
      case "recoverMedia":
        mediaRecoveries.current += 1;
        engineRef.current?.recoverMediaError(step.swapAudioCodec);
        return;
      case "offerRetry":
        dropEngine();
        setRetryOffered(true);
        return;
      case "renewGrant":
        dropEngine();
        if (renewedSinceLastPlay.current) {
          // A fresh grant was refused by the origin too: only a new page can help.
          onFatal({ error: "authentication", code: "MEDIA_SIGNATURE_REFUSED" });
          return;
        }
        renewedSinceLastPlay.current = true;
        void restart();
        return;
      case "fail":
        dropEngine();
        onFatal({ error: step.error, code: detail });
    }
  };
  // hls.js calls back long after a render; it must reach the latest state.
  useEffect(() => {
    handleError.current = onStreamError;
  });

  // The stream: attached for each source, torn down with it.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let engine: StreamEngine | null = null;
    attachStream(video, {
      url: source.grant.url,
      startPosition: source.startPosition,
      onError: (error, detail) => handleError.current(error, detail),
      onStateChange: () => {
        if (engine) setStream(engine.state());
      },
    }).then(
      (attached) => {
        if (cancelled) {
          attached.destroy();
          return;
        }
        engine = attached;
        engineRef.current = attached;
        setEngineKind(attached.kind);
        setStream(attached.state());
        video.play().catch((error: unknown) => {
          // Browsers refuse to start sound without a gesture; muted playback is allowed.
          if (error instanceof DOMException && error.name === "NotAllowedError") {
            video.muted = true;
            setAutoMuted(true);
            video.play().catch(() => undefined);
          }
        });
      },
      () => onFatal({ error: "video", code: "UNSUPPORTED_BROWSER" }),
    );
    return () => {
      cancelled = true;
      if (engineRef.current === engine) engineRef.current = null;
      engine?.destroy();
    };
  }, [source, onFatal]);

  // Media element events: the controls' state and the player events.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const update = () => {
      const engine = engineRef.current;
      if (engine) lastPosition.current = video.currentTime;
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
        renewedSinceLastPlay.current = false;
        mediaRecoveries.current = 0;
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
        if (engineRef.current) lastPosition.current = video.currentTime;
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
    // emit reads the latest root through its ref; the listeners need binding once per stream.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live, events]);

  // Live: stay near the edge after stalls, never eating into the buffer floor.
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
        followingLive: followingLive.current,
      });
    }, 1000);
    return () => window.clearInterval(timer);
  }, [live]);

  // Heartbeats while playing, one on pause (which comes with the end of a video, so a video
  // watched to the end is saved as watched), and the session's end when the page goes.
  useEffect(() => {
    const { sessionId, heartbeatSeconds } = source.grant;
    const beat = async () => {
      const refused = await sendHeartbeat(routes.heartbeat, sessionId, position());
      if (refused) {
        dropEngine();
        onFatal(refused);
      }
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
    const onPageHide = () => endSession(routes.end, sessionId, position());
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.clearInterval(timer);
      video?.removeEventListener("pause", onPause);
      video?.removeEventListener("seeked", onSeeked);
      window.removeEventListener("pagehide", onPageHide);
      // Leaving the page inside the app (or starting over from a new grant) ends it too.
      endSession(routes.end, sessionId, position());
    };
  }, [source, routes, live, onFatal]);

  const seekTo = (seconds: number) => {
    const video = videoRef.current;
    if (!video) return;
    const target = Math.min(Math.max(seconds, status.start), status.end || seconds);
    // The next key press counts from here, before the media has caught up.
    lastPosition.current = target;
    if (live) {
      const latency = (engineRef.current?.liveSyncPosition() ?? status.end) - target;
      followingLive.current = !leavesLiveEdge(latency, status.targetLatency);
      if (!followingLive.current) video.playbackRate = 1;
    }
    video.currentTime = target;
  };

  /**
   * The seek slider's keys move in the player's own steps, from where the viewer is (a slider
   * would step one second from a value that lags while the media seeks).
   */
  const onSeekKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const steps: Record<string, number> = {
      ArrowRight: 5,
      ArrowUp: 5,
      ArrowLeft: -5,
      ArrowDown: -5,
      PageUp: 60,
      PageDown: -60,
    };
    const step = steps[event.key];
    if (step !== undefined) seekTo(position() + step);
    else if (event.key === "Home") seekTo(status.start);
    else if (event.key === "End") seekTo(status.end);
    else return;
    event.preventDefault();
  };

  const goLive = () => {
    const edge = engineRef.current?.liveSyncPosition();
    if (edge === null || edge === undefined || !videoRef.current) return;
    followingLive.current = true;
    videoRef.current.currentTime = edge;
    void videoRef.current.play().catch(() => undefined);
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
    setAutoMuted(false);
  };

  const toggleMute = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !video.muted;
    if (!video.muted && video.volume === 0) video.volume = 0.5;
    setAutoMuted(false);
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

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (keyBelongsToControl(event.key, target.getAttribute("role"), target.tagName)) return;
    const action = shortcutFor(event);
    if (!action) return;
    event.preventDefault();
    run(action);
  };

  // With nothing focused (after a click on the page, or while a closing menu hands focus
  // back to its button) the keys reach the body; on a watch page they are meant for the player,
  // except those that scroll the page.
  const runLatest = useRef(run);
  useEffect(() => {
    runLatest.current = run;
  });
  useEffect(() => {
    const onBodyKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.target !== document.body) return;
      const action = pageShortcutFor(event);
      if (!action) return;
      event.preventDefault();
      runLatest.current(action);
    };
    document.addEventListener("keydown", onBodyKeyDown);
    return () => document.removeEventListener("keydown", onBodyKeyDown);
  }, []);

  // Controls fade while the pointer rests on a playing video; focus or a pause brings them back.
  const idleTimer = useRef<number>();
  const wake = () => {
    setIdle(false);
    window.clearTimeout(idleTimer.current);
    idleTimer.current = window.setTimeout(() => setIdle(true), IDLE_MS);
  };
  useEffect(() => () => window.clearTimeout(idleTimer.current), []);

  useEffect(() => setMenuContainer(rootRef.current), []);
  // The retry replaces the controls the viewer was using, so focus goes to it.
  useEffect(() => {
    if (retryOffered) retryRef.current?.focus();
  }, [retryOffered]);

  const retry = () => {
    setRetryOffered(false);
    mediaRecoveries.current = 0;
    void restart();
  };

  const atEdge = live && atLiveEdge(status.latency, status.targetLatency);
  const span = Math.max(0, status.end - status.start);
  const timeText = live
    ? atEdge
      ? t("playerAtLiveEdge")
      : t("playerBehindLive", { time: formatDuration(Math.round(status.latency)) })
    : t("playerTimeOf", {
        time: formatDuration(Math.floor(status.time)),
        duration: formatDuration(Math.floor(status.end)),
      });

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
        <button type="button" className="player-unmute" onClick={toggleMute}>
          <Icon name="muted" /> {t("playerUnmute")}
        </button>
      ) : null}
      <div className="player-controls">
        <div className="player-seek">
          <div className="player-buffered" aria-hidden="true">
            {span > 0
              ? status.buffered.map(([from, to]) => (
                  <span
                    key={`${from}-${to}`}
                    style={{
                      left: `${(Math.max(0, from - status.start) / span) * 100}%`,
                      width: `${(Math.max(0, Math.min(to, status.end) - Math.max(from, status.start)) / span) * 100}%`,
                    }}
                  />
                ))
              : null}
          </div>
          <input
            type="range"
            className="player-seek-input"
            aria-label={live ? t("playerSeekLive") : t("playerSeek")}
            aria-valuetext={timeText}
            // Whole seconds: a value the browser would round to its step would leave React's
            // idea of the value apart from the slider's, and the next change would be lost.
            min={Math.ceil(status.start)}
            max={Math.max(Math.floor(status.end), Math.ceil(status.start) + 1)}
            step={1}
            value={Math.floor(
              Math.min(Math.max(status.time, status.start), status.end || status.time),
            )}
            disabled={span === 0}
            onChange={(event) => seekTo(Number(event.currentTarget.value))}
            onKeyDown={onSeekKey}
          />
        </div>
        <div className="player-bar">
          <ControlButton
            label={status.paused ? t("play") : t("pause")}
            icon={status.paused ? "play" : "pause"}
            onClick={togglePlay}
          />
          <ControlButton
            label={t("playerBack10")}
            icon="back"
            onClick={() => run({ type: "seekBy", seconds: -10 })}
          />
          {!live ? (
            <ControlButton
              label={t("playerForward10")}
              icon="forward"
              onClick={() => run({ type: "seekBy", seconds: 10 })}
            />
          ) : null}
          <div className="player-volume">
            <ControlButton
              label={status.muted ? t("playerUnmute") : t("playerMute")}
              icon={status.muted || status.volume === 0 ? "muted" : "volume"}
              onClick={toggleMute}
            />
            <input
              type="range"
              aria-label={t("playerVolume")}
              aria-valuetext={`${Math.round((status.muted ? 0 : status.volume) * 100)}%`}
              min={0}
              max={100}
              step={5}
              value={status.muted ? 0 : Math.round(status.volume * 20) * 5}
              onChange={(event) => setVolume(Number(event.currentTarget.value) / 100)}
            />
          </div>
          {live ? (
            <button
              type="button"
              className="player-live"
              data-at-edge={atEdge ? "true" : "false"}
              onClick={goLive}
              aria-label={atEdge ? t("playerAtLiveEdge") : t("playerGoLive")}
            >
              <span className="player-live-dot" aria-hidden="true" />
              {atEdge ? t("live") : t("playerGoLive")}
            </button>
          ) : null}
          <span className="player-time" aria-hidden="true">
            {live
              ? atEdge
                ? null
                : `-${formatDuration(Math.round(status.latency))}`
              : `${formatDuration(Math.floor(status.time))} / ${formatDuration(Math.floor(status.end))}`}
          </span>
          <span className="player-spacer" />
          {stream && stream.textTracks.length > 0 ? (
            <ChoiceMenu
              label={t("playerCaptions")}
              icon="captions"
              container={menuContainer}
              value={stream.textTrack}
              options={[
                { value: -1, label: t("playerCaptionsOff") },
                ...stream.textTracks.map((track) => ({ value: track.id, label: track.name })),
              ]}
              onSelect={selectTextTrack}
            />
          ) : null}
          {stream && stream.audioTracks.length > 1 ? (
            <ChoiceMenu
              label={t("playerAudio")}
              icon="audio"
              container={menuContainer}
              value={stream.audioTrack}
              options={stream.audioTracks.map((track) => ({ value: track.id, label: track.name }))}
              onSelect={selectAudioTrack}
            />
          ) : null}
          {stream && stream.qualities.length > 1 ? (
            <ChoiceMenu
              label={t("playerQuality")}
              icon="settings"
              container={menuContainer}
              value={stream.quality}
              options={[
                {
                  value: -1,
                  label:
                    stream.quality === -1 && stream.playingQuality >= 0
                      ? t("playerQualityAutoAt", {
                          height: stream.qualities[stream.playingQuality]?.height ?? "",
                        })
                      : t("playerQualityAuto"),
                },
                ...stream.qualities
                  .slice()
                  .sort((a, b) => b.height - a.height)
                  .map((quality) => ({ value: quality.index, label: `${quality.height}p` })),
              ]}
              onSelect={(index) => engineRef.current?.setQuality(index)}
            />
          ) : null}
          {pictureInPictureAvailable ? (
            <ControlButton
              label={
                status.pictureInPicture
                  ? t("playerExitPictureInPicture")
                  : t("playerPictureInPicture")
              }
              icon="pictureInPicture"
              onClick={togglePictureInPicture}
            />
          ) : null}
          <ControlButton
            label={status.fullscreen ? t("playerExitFullscreen") : t("playerFullscreen")}
            icon={status.fullscreen ? "exitFullscreen" : "fullscreen"}
            onClick={toggleFullscreen}
          />
        </div>
      </div>
    </div>
  );
}

function ControlButton({
  label,
  icon,
  onClick,
}: {
  label: string;
  icon: Parameters<typeof Icon>[0]["name"];
  onClick(): void;
}) {
  return (
    <button
      type="button"
      className="player-button"
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <Icon name={icon} />
    </button>
  );
}

function ChoiceMenu({
  label,
  icon,
  container,
  value,
  options,
  onSelect,
}: {
  label: string;
  icon: Parameters<typeof Icon>[0]["name"];
  /** Menus open inside the player, so they stay visible in fullscreen. */
  container: HTMLElement | null;
  value: number;
  options: { value: number; label: ReactNode }[];
  onSelect(value: number): void;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="player-button" aria-label={label} title={label}>
        <Icon name={icon} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal container={container}>
        <DropdownMenu.Content className="player-menu" side="top" align="end" sideOffset={8}>
          <DropdownMenu.Label className="player-menu-label">{label}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={String(value)}
            onValueChange={(selected) => onSelect(Number(selected))}
          >
            {options.map((option) => (
              <DropdownMenu.RadioItem
                key={option.value}
                value={String(option.value)}
                className="player-menu-item"
              >
                <DropdownMenu.ItemIndicator className="player-menu-check">
                  <Icon name="check" />
                </DropdownMenu.ItemIndicator>
                {option.label}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
