import { describe, expect, it } from "vitest";
import {
  CLOCK_SAMPLES,
  clockOffsetFrom,
  correctionFor,
  IN_STEP_SECONDS,
  isOwnChange,
  JUMP_SECONDS,
  roomPositionAt,
} from "../../app/watch-together/room-sync.ts";
import { isReaction, isRoomAction, REACTIONS, ROOM_ID } from "../../contract/watch-room.ts";

describe("where a watch-together room is", () => {
  const state = { playing: true, position: 100, stateAt: 1_000_000 };

  it("moves on at normal speed while playing, on the platform's clock", () => {
    // This browser's clock is 2 s behind the platform's.
    expect(roomPositionAt(state, 2_000, 1_000_000 - 2_000 + 5_000)).toBeCloseTo(105);
    expect(roomPositionAt(state, 0, 1_003_500)).toBeCloseTo(103.5);
  });

  it("stands still while paused, and never goes back for a clock ahead of the platform's", () => {
    expect(roomPositionAt({ ...state, playing: false }, 0, 9_999_999)).toBe(100);
    expect(roomPositionAt(state, 0, 999_000)).toBe(100);
  });
});

describe("placing the platform's clock on this browser's", () => {
  it("takes the least delayed of the recent answers, not the newest", () => {
    // The platform's clock is 1 s ahead; answers arrive 40 ms, 900 ms and 300 ms after leaving.
    const samples = [40, 900, 300].map((delay, i) => ({
      serverTime: 10_000 + i * 1_000 + 1_000,
      receivedAt: 10_000 + i * 1_000 + delay,
    }));
    expect(clockOffsetFrom(samples)).toBe(960);
    expect(clockOffsetFrom([])).toBe(0);
  });

  it("forgets answers older than the last few", () => {
    const quick = { serverTime: 5_000, receivedAt: 4_000 };
    const slow = Array.from({ length: CLOCK_SAMPLES }, () => ({ serverTime: 0, receivedAt: 0 }));
    expect(clockOffsetFrom([quick, ...slow.slice(1)])).toBe(1_000);
    expect(clockOffsetFrom([quick, ...slow])).toBe(0);
  });
});

describe("catching up with the room", () => {
  it("leaves a player in step alone", () => {
    expect(correctionFor(100, 100 + IN_STEP_SECONDS - 0.001, true)).toEqual({
      kind: "none",
      rate: 1,
    });
    expect(correctionFor(100, 100 - IN_STEP_SECONDS + 0.001, true)).toEqual({
      kind: "none",
      rate: 1,
    });
  });

  it("corrects small drift by speed, faster past half a second, never by a jump", () => {
    expect(correctionFor(100, 100.3, true)).toEqual({ kind: "rate", rate: 1.05 });
    expect(correctionFor(100, 99.7, true)).toEqual({ kind: "rate", rate: 0.95 });
    expect(correctionFor(100, 100.8, true)).toEqual({ kind: "rate", rate: 1.2 });
    expect(correctionFor(100, 100 - JUMP_SECONDS, true)).toEqual({ kind: "rate", rate: 0.8 });
  });

  it("jumps past a second, and matches a paused room exactly", () => {
    expect(correctionFor(100, 100 + JUMP_SECONDS + 0.01, true)).toEqual({
      kind: "jump",
      to: 100 + JUMP_SECONDS + 0.01,
      rate: 1,
    });
    expect(correctionFor(100, 100.5, false)).toEqual({ kind: "jump", to: 100.5, rate: 1 });
  });
});

describe("telling the viewer's own changes from the player following the room", () => {
  it("sends play and pause only when they leave the room's state", () => {
    const paused = { paused: true, position: 10 };
    expect(isOwnChange("play", paused, { playing: false, position: 10 })).toBe(true);
    expect(isOwnChange("play", paused, { playing: true, position: 10 })).toBe(false);
    expect(isOwnChange("pause", paused, { playing: true, position: 10 })).toBe(true);
    expect(isOwnChange("pause", paused, { playing: false, position: 10 })).toBe(false);
  });

  it("sends a seek only when it lands away from the room", () => {
    expect(
      isOwnChange("seeking", { paused: false, position: 60 }, { playing: true, position: 10 }),
    ).toBe(true);
    expect(
      isOwnChange("seeking", { paused: false, position: 11 }, { playing: true, position: 10 }),
    ).toBe(false);
  });
});

describe("what a room accepts", () => {
  it("takes the contract's reactions and actions only", () => {
    expect(REACTIONS).toContain("🔥");
    expect(isReaction("🔥")).toBe(true);
    expect(isReaction("<b>")).toBe(false);
    expect(isRoomAction("seek")).toBe(true);
    expect(isRoomAction("kick")).toBe(false);
    expect(ROOM_ID.test("1W-q2U1Hh_cqR9Se7Dg-WA")).toBe(true);
    expect(ROOM_ID.test("../../admin")).toBe(false);
  });
});
