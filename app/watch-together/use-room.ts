import { useCallback, useEffect, useRef, useState } from "react";
import type { WatchRoom } from "../../contract/generated/watch-room.ts";
import type { LabelKey } from "../../contract/labels.ts";
import type { Reaction, RoomAction } from "../../contract/watch-room.ts";
import { CLOCK_SAMPLES, clockOffsetFrom } from "./room-sync.ts";
import type { RoomRoutes } from "./watch-together.server.ts";

export type Connection = "connecting" | "open" | "lost" | "closed";

export interface ShownReaction {
  id: number;
  name: string;
  emoji: string;
}

/** How long a reaction stays on screen. */
const REACTION_SHOWN_MS = 4_000;
/** After the browser gives up on the stream (an error answer), the next try. */
const RECONNECT_MS = 3_000;

/**
 * The room as its event stream tells it, and the calls that change it. The stream is the one
 * source of the room's state; a command's answer is taken too when it is newer (it comes first).
 */
export function useRoom(initial: WatchRoom, routes: RoomRoutes) {
  const [room, setRoom] = useState(initial);
  const [connection, setConnection] = useState<Connection>("connecting");
  const [reactions, setReactions] = useState<ShownReaction[]>([]);
  const [error, setError] = useState<LabelKey | null>(null);
  // Server-rendered `serverTime` is stale by the time the page runs; the stream's first event
  // (at once on connecting) and every answer after it set the estimate.
  const clockOffset = useRef(0);
  const clockSamples = useRef<{ serverTime: number; receivedAt: number }[]>([]);
  const sampleClock = useCallback((serverTime: number) => {
    const samples = [...clockSamples.current, { serverTime, receivedAt: Date.now() }];
    clockSamples.current = samples.slice(-CLOCK_SAMPLES);
    clockOffset.current = clockOffsetFrom(clockSamples.current);
  }, []);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const source = new EventSource(routes.events);
    let retry: number | undefined;
    source.addEventListener("room", (event) => {
      const next = JSON.parse((event as MessageEvent<string>).data) as WatchRoom;
      sampleClock(next.serverTime);
      setRoom(next);
      setConnection("open");
    });
    source.addEventListener("reaction", (event) => {
      const shown = JSON.parse((event as MessageEvent<string>).data) as ShownReaction;
      setReactions((list) => [...list.filter((r) => r.id !== shown.id), shown].slice(-6));
      window.setTimeout(
        () => setReactions((list) => list.filter((r) => r.id !== shown.id)),
        REACTION_SHOWN_MS,
      );
    });
    source.addEventListener("closed", () => {
      setConnection("closed");
      source.close();
    });
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) {
        // An answer that was not a stream (the session lapsed, the server restarted): try again.
        setConnection((now) => (now === "closed" ? now : "lost"));
        retry = window.setTimeout(() => setAttempt((n) => n + 1), RECONNECT_MS);
      } else {
        setConnection((now) => (now === "closed" ? now : "lost"));
      }
    };
    return () => {
      window.clearTimeout(retry);
      source.close();
    };
  }, [routes.events, attempt, sampleClock]);

  const post = useCallback(
    async (fields: Record<string, string>): Promise<boolean> => {
      const body = new FormData();
      body.set("room", initial.id);
      for (const [name, value] of Object.entries(fields)) body.set(name, value);
      let answer: Response;
      try {
        answer = await fetch(routes.act, { method: "POST", body, credentials: "same-origin" });
      } catch {
        setError("errorOccurredPleaseTryAgain");
        return false;
      }
      if (answer.status === 204) return true;
      const json = (await answer.json().catch(() => ({}))) as {
        room?: WatchRoom;
        error?: LabelKey;
      };
      if (!answer.ok) {
        setError(json.error ?? "errorOccurredPleaseTryAgain");
        if (answer.status === 410) setConnection("closed");
        return false;
      }
      const fresh = json.room;
      if (fresh) {
        sampleClock(fresh.serverTime);
        setRoom((now) =>
          fresh.state.seq > now.state.seq || fresh.locked !== now.locked ? fresh : now,
        );
      }
      return true;
    },
    [initial.id, routes.act, sampleClock],
  );

  const command = useCallback(
    (action: RoomAction, position?: number) =>
      post(position === undefined ? { action } : { action, position: position.toFixed(3) }),
    [post],
  );
  const react = useCallback((emoji: Reaction) => post({ emoji }), [post]);

  return {
    room,
    connection,
    reactions,
    error,
    dismissError: () => setError(null),
    clockOffset,
    command,
    react,
  };
}
