/**
 * Keeping a player in step with its watch-together room (docs/decisions/027): where the room is
 * now on this browser's clock, and what to do about the distance from it. Pure, so both sides of
 * every threshold are tested (tests/unit/watch-together-sync.test.ts).
 */
import type { WatchRoomState } from "../../contract/generated/watch-room.ts";

/** Closer than this, a player is in step and left alone. */
export const IN_STEP_SECONDS = 0.15;
/** Past this, a player jumps to the room's position instead of catching up by speed. */
export const JUMP_SECONDS = 1;
/** Past this (and under a jump), the catch-up speed is the faster one. */
const FAST_CATCH_UP_SECONDS = 0.5;

/** Where the room's playback is at `nowMs` on this browser's clock. */
export function roomPositionAt(
  state: Pick<WatchRoomState, "playing" | "position" | "stateAt">,
  /** The platform's clock minus this browser's (from an answer's `serverTime`). */
  clockOffsetMs: number,
  nowMs: number,
): number {
  if (!state.playing) return state.position;
  const elapsed = (nowMs + clockOffsetMs - state.stateAt) / 1000;
  return state.position + Math.max(0, elapsed);
}

export type Correction =
  | { kind: "none"; rate: 1 }
  | { kind: "rate"; rate: number }
  | { kind: "jump"; to: number; rate: 1 };

/**
 * What a player at `position` does to reach the room at `target`. Small drift is caught up by
 * speed (±5 %, ±20 % past half a second: a second behind is caught up in about 2.5 s), never
 * by a jump a viewer would see; a large one (a member's seek, a latecomer, a stall) jumps. A paused room is matched exactly by a jump.
 */
export function correctionFor(position: number, target: number, playing: boolean): Correction {
  const drift = target - position;
  const distance = Math.abs(drift);
  if (distance <= IN_STEP_SECONDS) return { kind: "none", rate: 1 };
  if (!playing || distance > JUMP_SECONDS) return { kind: "jump", to: target, rate: 1 };
  const step = distance > FAST_CATCH_UP_SECONDS ? 0.2 : 0.05;
  return { kind: "rate", rate: drift > 0 ? 1 + step : 1 - step };
}

/**
 * Whether a play, pause or seek of the local player is the viewer's own (to be sent to the room)
 * rather than the player following the room: it is when it leaves the room's state.
 */
export function isOwnChange(
  event: "play" | "pause" | "seeking",
  player: { paused: boolean; position: number },
  room: { playing: boolean; position: number },
): boolean {
  switch (event) {
    case "play":
      return !room.playing;
    case "pause":
      return room.playing;
    case "seeking":
      return Math.abs(player.position - room.position) > JUMP_SECONDS;
  }
}

/** How many recent answers the clock estimate is taken from. */
export const CLOCK_SAMPLES = 20;

/**
 * The platform's clock minus this browser's, from the answers read lately (each `serverTime`
 * and when it arrived; the newest last). An answer's `serverTime` was read before it left, so
 * each sample is the offset less that answer's delay: the largest is the least delayed, the best
 * estimate. The newest alone would not do: a stream delayed by a busy server would put one member
 * steadily behind another.
 */
export function clockOffsetFrom(samples: readonly { serverTime: number; receivedAt: number }[]) {
  const recent = samples.slice(-CLOCK_SAMPLES);
  return recent.length === 0 ? 0 : Math.max(...recent.map((s) => s.serverTime - s.receivedAt));
}
