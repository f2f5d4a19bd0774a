import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import type { PlaybackGrant } from "../../contract/generated/playback.ts";
import {
  attachStream,
  type StartLanguages,
  type StreamEngine,
  type StreamState,
} from "./engine.ts";
import type { PlayerEvents } from "./events.ts";
import type { PlaybackRefusal } from "./playback-errors.ts";
import { requestGrant } from "./playback-session.ts";
import { recoveryFor, type StreamError } from "./recovery.ts";

/** What plays: a grant, and where in it to start. */
export interface StreamSource {
  grant: PlaybackGrant;
  startPosition: number | undefined;
}

export interface StreamEngineOptions {
  videoRef: RefObject<HTMLVideoElement>;
  /** The first source, read once. */
  initialSource(): StreamSource;
  /** Where a fresh grant gets its next one. */
  grantRoute: string;
  /** The viewer's saved subtitle and audio languages, applied whenever a stream starts. */
  languages?: StartLanguages;
  /** Where a fresh grant starts: read when it arrives, so it is where the viewer is by then. */
  restartPosition(fresh: PlaybackGrant): number | undefined;
  emit: PlayerEvents["emit"];
  onFatal(refusal: PlaybackRefusal): void;
  /** Whether a stream starts playing once attached (default); a watch-together room decides itself. */
  autoPlay?: boolean;
}

/**
 * The stream behind the video element: attached for each source and torn down with it, its
 * renditions and tracks, and the recovery policy of recovery.ts (media recoveries, a retry the
 * viewer is offered, a fresh grant when the old one lapsed, the error modal otherwise).
 */
export function useStreamEngine({
  videoRef,
  initialSource,
  grantRoute,
  languages,
  restartPosition,
  emit,
  onFatal,
  autoPlay = true,
}: StreamEngineOptions) {
  const engineRef = useRef<StreamEngine | null>(null);
  const [source, setSource] = useState(initialSource);
  const [stream, setStream] = useState<StreamState | null>(null);
  const [engineKind, setEngineKind] = useState<StreamEngine["kind"]>();
  const [retryOffered, setRetryOffered] = useState(false);
  const [autoMuted, setAutoMuted] = useState(false);
  const mediaRecoveries = useRef(0);
  const renewedSinceLastPlay = useRef(false);
  const autoPlayRef = useRef(autoPlay);

  /** Stops the stream; the engine is forgotten first, so its teardown events are not read. */
  const dropEngine = useCallback(() => {
    const engine = engineRef.current;
    engineRef.current = null;
    engine?.destroy();
  }, []);

  const languagesRef = useRef(languages);
  const restartAt = useRef(restartPosition);
  useEffect(() => {
    restartAt.current = restartPosition;
  });

  /** Starts over from a fresh grant (a retry, a lapsed signature) where the viewer was. */
  const restart = useCallback(async () => {
    const answer = await requestGrant(grantRoute);
    if ("error" in answer) {
      onFatal(answer);
      return;
    }
    setSource({ grant: answer, startPosition: restartAt.current(answer) });
  }, [grantRoute, onFatal]);

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

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let engine: StreamEngine | null = null;
    attachStream(video, {
      url: source.grant.url,
      startPosition: source.startPosition,
      languages: languagesRef.current,
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
        if (!autoPlayRef.current) return;
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
  }, [source, onFatal, videoRef]);

  /** The media plays (again): the recovery budget and the grant renewal start afresh. */
  const onPlaying = useCallback(() => {
    renewedSinceLastPlay.current = false;
    mediaRecoveries.current = 0;
  }, []);

  const retry = () => {
    setRetryOffered(false);
    mediaRecoveries.current = 0;
    void restart();
  };

  return {
    engineRef,
    source,
    stream,
    engineKind,
    retryOffered,
    retry,
    /** Playback started muted because the browser refused sound without a gesture. */
    autoMuted,
    clearAutoMuted: () => setAutoMuted(false),
    dropEngine,
    onPlaying,
  };
}
