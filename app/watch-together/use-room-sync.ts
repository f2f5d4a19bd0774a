import { useEffect, useRef, type MutableRefObject } from "react";
import type { WatchRoom } from "../../contract/generated/watch-room.ts";
import type { RoomAction } from "../../contract/watch-room.ts";
import { correctionFor, isOwnChange, roomPositionAt } from "./room-sync.ts";

/** How often a playing player's drift from the room is looked at. */
const CHECK_MS = 250;
/** How long the player waits for the room to take a change of the viewer's before following it again. */
const PENDING_MS = 2_000;

/**
 * Keeps `video` in step with the room: applies every change of the room's state, corrects drift
 * by speed, and sends the viewer's own play, pause and seek to the room. While the controls are
 * locked to someone else, the viewer's own changes are undone instead.
 */
export function useRoomSync({
  video,
  room,
  clockOffset,
  canControl,
  send,
  onRefused,
}: {
  video: HTMLVideoElement | null;
  room: WatchRoom;
  clockOffset: MutableRefObject<number>;
  canControl: boolean;
  send: (action: RoomAction, position: number) => void;
  /** A change of the viewer's was undone (the controls are locked). */
  onRefused: () => void;
}) {
  const roomRef = useRef(room);
  const latest = useRef({ canControl, send, onRefused });
  // Media events and timers call back long after a render; they must reach the latest room.
  // Declared first, so the effects below see this render's room.
  useEffect(() => {
    roomRef.current = room;
    latest.current = { canControl, send, onRefused };
  });
  // Until the stream has applied the room's state once, the media's events are its start-up.
  const synced = useRef(false);
  // A change of the viewer's is on its way to the room: the player is where the room will be.
  const pendingUntil = useRef(0);

  const target = () => roomPositionAt(roomRef.current.state, clockOffset.current, Date.now());

  /** Brings the player to the room's state now: position, speed, playing or paused. */
  const apply = (element: HTMLVideoElement) => {
    if (element.readyState < HTMLMediaElement.HAVE_METADATA) return;
    const { playing } = roomRef.current.state;
    const correction = correctionFor(element.currentTime, target(), playing);
    if (correction.kind === "jump") element.currentTime = correction.to;
    element.playbackRate = correction.rate;
    if (playing && element.paused) {
      element.play().catch((error: unknown) => {
        // Browsers refuse sound without a gesture; the room plays on, muted here.
        if (error instanceof DOMException && error.name === "NotAllowedError") {
          element.muted = true;
          element.play().catch(() => undefined);
        }
      });
    } else if (!playing && !element.paused) {
      element.pause();
    }
    synced.current = true;
  };

  // Every change of the room's state, and the player's first metadata.
  useEffect(() => {
    if (!video) return;
    pendingUntil.current = 0;
    apply(video);
    const first = () => apply(video);
    video.addEventListener("loadedmetadata", first);
    return () => video.removeEventListener("loadedmetadata", first);
    // `apply` reads the room from its ref; these are the changes worth applying.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video, room.state.seq, room.state.playing, room.state.stateAt]);

  // Drift: speed while close, a jump when far.
  useEffect(() => {
    if (!video) return;
    const timer = window.setInterval(() => {
      if (!synced.current || video.seeking || Date.now() < pendingUntil.current) return;
      if (video.readyState < HTMLMediaElement.HAVE_FUTURE_DATA) return;
      const { playing } = roomRef.current.state;
      if (!playing || video.paused) {
        if (video.playbackRate !== 1) video.playbackRate = 1;
        return;
      }
      const correction = correctionFor(video.currentTime, target(), true);
      if (correction.kind === "jump") video.currentTime = correction.to;
      if (video.playbackRate !== correction.rate) video.playbackRate = correction.rate;
    }, CHECK_MS);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video]);

  // The viewer's own play, pause and seek.
  useEffect(() => {
    if (!video) return;
    const listener = (event: Event) => {
      if (!synced.current) return;
      const type = event.type as "play" | "pause" | "seeking";
      const { playing } = roomRef.current.state;
      const own = isOwnChange(
        type,
        { paused: video.paused, position: video.currentTime },
        { playing, position: target() },
      );
      if (!own) return;
      if (!latest.current.canControl) {
        latest.current.onRefused();
        apply(video);
        return;
      }
      const action: RoomAction = type === "play" ? "play" : type === "pause" ? "pause" : "seek";
      pendingUntil.current = Date.now() + PENDING_MS;
      latest.current.send(action, video.currentTime);
    };
    for (const type of ["play", "pause", "seeking"]) video.addEventListener(type, listener);
    return () => {
      for (const type of ["play", "pause", "seeking"]) video.removeEventListener(type, listener);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video]);
}
