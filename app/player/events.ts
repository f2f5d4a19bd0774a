/**
 * Player events (spec section 3, "Player events tracked"), one typed interface for whoever
 * listens: analytics later, tests now. Positions are seconds on the media timeline.
 */
export interface PlayerEventMap {
  audioTrackChange: { track: string | null };
  castStateChange: { state: "connecting" | "connected" | "disconnected" };
  ended: { position: number };
  error: { kind: "media" | "network" | "other"; code: string; fatal: boolean };
  fullscreenChange: { fullscreen: boolean };
  pause: { position: number };
  pictureInPictureChange: { active: boolean };
  playing: { position: number };
  ready: { duration: number | null; live: boolean };
  seeked: { position: number };
  textTrackChange: { track: string | null };
  timeUpdate: { position: number; duration: number | null };
  volumeChange: { volume: number; muted: boolean };
  waiting: { position: number };
}

export type PlayerEventType = keyof PlayerEventMap;

export type PlayerEvent = {
  [K in PlayerEventType]: { type: K } & PlayerEventMap[K];
}[PlayerEventType];

export type PlayerEventListener = (event: PlayerEvent) => void;

/** The DOM event the player's root element dispatches (bubbling) for every player event. */
export const PLAYER_EVENT = "playerevent";

declare global {
  interface HTMLElementEventMap {
    [PLAYER_EVENT]: CustomEvent<PlayerEvent>;
  }
}

/** Fans player events out to listeners; a failing listener never stops playback or the rest. */
export class PlayerEvents {
  private readonly listeners = new Set<PlayerEventListener>();

  on(listener: PlayerEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit<K extends PlayerEventType>(type: K, detail: PlayerEventMap[K], target?: HTMLElement): void {
    const event = { type, ...detail } as PlayerEvent;
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        console.error("player event listener failed", error);
      }
    }
    target?.dispatchEvent(new CustomEvent(PLAYER_EVENT, { detail: event, bubbles: true }));
  }
}
