import { describe, expect, it } from "vitest";
import en from "../../../contract/locales/en.json";
import es from "../../../contract/locales/es.json";
import pt from "../../../contract/locales/pt.json";
import { PlayerEvents, PLAYER_EVENT, type PlayerEvent } from "../../../app/player/events.ts";
import {
  atLiveEdge,
  CATCH_UP,
  catchUpRate,
  leavesLiveEdge,
} from "../../../app/player/live-sync.ts";
import {
  isPlaybackRefusal,
  PLAYBACK_ERROR_LABELS,
  playbackErrorCase,
} from "../../../app/player/playback-errors.ts";
import { wantsShortDvrWindow } from "../../../app/player/playback.server.ts";
import { MAX_MEDIA_RECOVERIES, recoveryFor } from "../../../app/player/recovery.ts";
import {
  keyBelongsToControl,
  pageShortcutFor,
  shortcutFor,
} from "../../../app/player/shortcuts.ts";
import { startPositionOf } from "../../../app/player/VideoPlayer.tsx";
import type { PlaybackGrant } from "../../../contract/generated/playback.ts";

describe("playback error cases", () => {
  it("map the platform's refusals onto the spec's modal cases", () => {
    expect(playbackErrorCase("AUTHENTICATION_REQUIRED")).toBe("authentication");
    expect(playbackErrorCase("TOKEN_EXPIRED")).toBe("authentication");
    expect(playbackErrorCase("MEDIA_SIGNATURE_EXPIRED")).toBe("authentication");
    expect(playbackErrorCase("FORBIDDEN")).toBe("forbidden");
    expect(playbackErrorCase("MEDIA_SIGNATURE_INVALID")).toBe("forbidden");
    expect(playbackErrorCase("NOT_LICENSED")).toBe("notLicensed");
    expect(playbackErrorCase("OTHER_DEVICE")).toBe("otherDevice");
    expect(playbackErrorCase("GEO_BLOCKED")).toBe("territory");
    expect(playbackErrorCase("SOMETHING_NEW")).toBe("video");
    expect(playbackErrorCase(undefined)).toBe("video");
  });

  it("use the spec's label keys, translated in every language", () => {
    expect(PLAYBACK_ERROR_LABELS).toEqual({
      authentication: "refreshPageNoAuthCode",
      video: "pleaseTryAgainVideoError",
      forbidden: "youreNotAllowedVideoForbidden",
      notLicensed: "notLicencedToWatch",
      otherDevice: "toWatchHereCloseOtherSessions",
      territory: "eventNotAvailableInTerritory",
      unconfirmed: "emailNotConfirmed",
    });
    for (const texts of [en, pt, es] as Record<string, string>[]) {
      for (const label of Object.values(PLAYBACK_ERROR_LABELS)) {
        expect(texts[label], label).toMatch(/\S/);
      }
    }
  });

  it("recognise a refusal body and nothing else", () => {
    expect(isPlaybackRefusal({ error: "otherDevice", code: "OTHER_DEVICE" })).toBe(true);
    expect(isPlaybackRefusal({ error: "bogus", code: "X" })).toBe(false);
    expect(isPlaybackRefusal({ grant: {} })).toBe(false);
    expect(isPlaybackRefusal(null)).toBe(false);
  });
});

describe("stream error recovery", () => {
  it("leaves errors hls.js recovers from on its own", () => {
    expect(recoveryFor({ fatal: false, type: "networkError" }, 0)).toEqual({ action: "ignore" });
  });

  it("recovers media errors a bounded number of times, swapping the codec on the second", () => {
    const media = { fatal: true, type: "mediaError" };
    expect(recoveryFor(media, 0)).toEqual({ action: "recoverMedia", swapAudioCodec: false });
    expect(recoveryFor(media, 1)).toEqual({ action: "recoverMedia", swapAudioCodec: true });
    expect(recoveryFor(media, MAX_MEDIA_RECOVERIES)).toEqual({ action: "fail", error: "video" });
  });

  it("offers a retry for network errors instead of looping, and renews a refused grant", () => {
    expect(recoveryFor({ fatal: true, type: "networkError", httpStatus: 0 }, 0)).toEqual({
      action: "offerRetry",
    });
    expect(recoveryFor({ fatal: true, type: "networkError", httpStatus: 503 }, 0)).toEqual({
      action: "offerRetry",
    });
    expect(recoveryFor({ fatal: true, type: "networkError", httpStatus: 403 }, 0)).toEqual({
      action: "renewGrant",
    });
    expect(recoveryFor({ fatal: true, type: "networkError", httpStatus: 401 }, 0)).toEqual({
      action: "renewGrant",
    });
  });

  it("gives up with the video error modal on anything else", () => {
    expect(recoveryFor({ fatal: true, type: "muxError" }, 0)).toEqual({
      action: "fail",
      error: "video",
    });
  });
});

describe("live catch-up", () => {
  const base = { latency: 6, target: 6, bufferAhead: 10, followingLive: true };

  it("plays at normal speed at the target latency", () => {
    expect(catchUpRate(base)).toBe(1);
    expect(catchUpRate({ ...base, latency: 6 + CATCH_UP.tolerance })).toBe(1);
  });

  it("speeds up gently with the latency to win back, never past the maximum", () => {
    const slight = catchUpRate({ ...base, latency: 9 });
    const far = catchUpRate({ ...base, latency: 60 });
    expect(slight).toBeGreaterThan(1);
    expect(slight).toBeLessThan(far);
    expect(far).toBe(CATCH_UP.maxRate);
  });

  it("never speeds up below the buffer floor, nor for a viewer watching back", () => {
    expect(catchUpRate({ ...base, latency: 30, bufferAhead: CATCH_UP.bufferFloor - 0.1 })).toBe(1);
    expect(catchUpRate({ ...base, latency: 30, followingLive: false })).toBe(1);
  });

  it("tells the live edge from watching back", () => {
    expect(atLiveEdge(7, 6)).toBe(true);
    expect(atLiveEdge(20, 6)).toBe(false);
    expect(leavesLiveEdge(10, 6)).toBe(false);
    expect(leavesLiveEdge(120, 6)).toBe(true);
  });
});

describe("player shortcuts", () => {
  it("bind the usual media keys", () => {
    expect(shortcutFor({ key: " " })).toEqual({ type: "togglePlay" });
    expect(shortcutFor({ key: "k" })).toEqual({ type: "togglePlay" });
    expect(shortcutFor({ key: "ArrowLeft" })).toEqual({ type: "seekBy", seconds: -5 });
    expect(shortcutFor({ key: "l" })).toEqual({ type: "seekBy", seconds: 10 });
    expect(shortcutFor({ key: "ArrowUp" })).toEqual({ type: "volumeBy", delta: 0.1 });
    expect(shortcutFor({ key: "m" })).toEqual({ type: "toggleMute" });
    expect(shortcutFor({ key: "f" })).toEqual({ type: "toggleFullscreen" });
    expect(shortcutFor({ key: "c" })).toEqual({ type: "toggleCaptions" });
    expect(shortcutFor({ key: "i" })).toEqual({ type: "togglePictureInPicture" });
    expect(shortcutFor({ key: "5" })).toEqual({ type: "seekToFraction", fraction: 0.5 });
    expect(shortcutFor({ key: "End" })).toEqual({ type: "seekToEnd" });
  });

  it("leave browser shortcuts and other keys alone", () => {
    expect(shortcutFor({ key: "f", ctrlKey: true })).toBeNull();
    expect(shortcutFor({ key: "l", metaKey: true })).toBeNull();
    expect(shortcutFor({ key: "Tab" })).toBeNull();
    expect(shortcutFor({ key: "x" })).toBeNull();
  });

  it("with nothing focused, leave the page its scrolling keys", () => {
    expect(pageShortcutFor({ key: "k" })).toEqual({ type: "togglePlay" });
    expect(pageShortcutFor({ key: "ArrowRight" })).toEqual({ type: "seekBy", seconds: 5 });
    for (const key of [" ", "ArrowUp", "ArrowDown", "Home", "End", "PageDown"]) {
      expect(pageShortcutFor({ key })).toBeNull();
    }
    expect(pageShortcutFor({ key: "k", ctrlKey: true })).toBeNull();
  });

  it("let focused controls keep their own keys", () => {
    expect(keyBelongsToControl("ArrowRight", "slider", "DIV")).toBe(true);
    expect(keyBelongsToControl("ArrowRight", null, "INPUT")).toBe(true);
    expect(keyBelongsToControl(" ", null, "BUTTON")).toBe(true);
    expect(keyBelongsToControl("ArrowDown", "menuitemradio", "DIV")).toBe(true);
    expect(keyBelongsToControl("m", null, "BUTTON")).toBe(false);
    expect(keyBelongsToControl("ArrowRight", null, "BUTTON")).toBe(false);
  });
});

describe("player events", () => {
  it("reach every listener, typed, even when one of them fails", () => {
    const events = new PlayerEvents();
    const seen: PlayerEvent[] = [];
    events.on(() => {
      throw new Error("a broken listener");
    });
    const off = events.on((event) => seen.push(event));
    const quiet = console.error;
    console.error = () => undefined;
    try {
      events.emit("volumeChange", { volume: 0.5, muted: false });
      off();
      events.emit("pause", { position: 3 });
    } finally {
      console.error = quiet;
    }
    expect(seen).toEqual([{ type: "volumeChange", volume: 0.5, muted: false }]);
  });

  it("are dispatched on the player's element as bubbling DOM events", () => {
    const events = new PlayerEvents();
    const dispatched: Event[] = [];
    const target = { dispatchEvent: (event: Event) => dispatched.push(event) > 0 };
    events.emit("seeked", { position: 42 }, target as unknown as HTMLElement);
    const [event] = dispatched as CustomEvent<PlayerEvent>[];
    expect(event!.type).toBe(PLAYER_EVENT);
    expect(event!.bubbles).toBe(true);
    expect(event!.detail).toEqual({ type: "seeked", position: 42 });
  });
});

describe("resume and DVR window", () => {
  const grant: PlaybackGrant = {
    kind: "vod",
    id: 1,
    url: "/media/vod/1/t/master.m3u8",
    sessionId: "s",
    expiresAt: "2026-11-22T12:00:00.000Z",
    live: false,
    dvrWindowSeconds: null,
    position: 120,
    heartbeatSeconds: 30,
  };

  it("resumes a video where the profile stopped, unless it had (nearly) finished", () => {
    expect(startPositionOf(grant, 600)).toBe(120);
    expect(startPositionOf({ ...grant, position: 590 }, 600)).toBeUndefined();
    expect(startPositionOf({ ...grant, position: null }, 600)).toBeUndefined();
    expect(startPositionOf({ ...grant, live: true, position: 120 })).toBeUndefined();
  });

  it("gives native iOS players the short DVR window", () => {
    expect(
      wantsShortDvrWindow("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1"),
    ).toBe(true);
    expect(wantsShortDvrWindow("Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36")).toBe(
      false,
    );
    expect(wantsShortDvrWindow(null)).toBe(false);
  });
});
