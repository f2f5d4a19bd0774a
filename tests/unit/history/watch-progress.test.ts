import { describe, expect, it } from "vitest";
import { createI18n } from "../../../app/i18n/i18n.ts";
import en from "../../../contract/locales/en.json";
import es from "../../../contract/locales/es.json";
import pt from "../../../contract/locales/pt.json";
import {
  CONTINUE_MAX_FRACTION,
  CONTINUE_MIN_SECONDS,
  percentWatched,
  resumableLength,
  timeLeftLabel,
  watchProgress,
  worthContinuing,
} from "../../../app/ui/watch-progress.ts";
import type { WatchHistoryItem } from "../../../contract/generated/watch-history.ts";
import { event, NOW, video } from "../blocks/fixtures.tsx";

const watchedAt = NOW.toISOString();
const vod = (position: number, duration = 600): WatchHistoryItem => ({
  kind: "vod",
  card: video(7, "Knockout of the Week", duration),
  position,
  watchedAt,
});
/** An event that started `startHours` from NOW and lasts three hours. */
const live = (position: number, startHours: number, extra = {}): WatchHistoryItem => ({
  kind: "live",
  card: event(8, "Fight Night", startHours, extra),
  position,
  watchedAt,
});

describe("resume rules", () => {
  it("measures a video against its duration, an ended event against its length", () => {
    expect(resumableLength(vod(30, 600), NOW)).toBe(600);
    expect(resumableLength(live(30, -5), NOW)).toBe(3 * 3600);
  });

  it("has nothing to measure for an event still live, one not over, or a card without a length", () => {
    expect(resumableLength(live(30, -1, { live: true }), NOW)).toBeNull();
    // Not flagged live, but its end is still ahead: not a replay yet.
    expect(resumableLength(live(30, -1), NOW)).toBeNull();
    expect(resumableLength(vod(30, 0), NOW)).toBeNull();
    const { duration: _duration, ...unmeasured } = vod(30).card;
    expect(resumableLength({ ...vod(30), card: unmeasured }, NOW)).toBeNull();
    expect(watchProgress(live(30, -1, { live: true }), NOW)).toBeNull();
  });

  it("gives the share watched and what is left, a position past the end counting as the end", () => {
    expect(watchProgress(vod(150, 600), NOW)).toEqual({ fraction: 0.25, remainingSeconds: 450 });
    expect(watchProgress(vod(900, 600), NOW)).toEqual({ fraction: 1, remainingSeconds: 0 });
    expect(watchProgress(live(5400, -5), NOW)).toEqual({ fraction: 0.5, remainingSeconds: 5400 });
  });

  it(`continues what was watched ${CONTINUE_MIN_SECONDS} s or more and less than ${CONTINUE_MAX_FRACTION * 100} %`, () => {
    expect(worthContinuing(vod(CONTINUE_MIN_SECONDS - 1), NOW)).toBe(false);
    expect(worthContinuing(vod(CONTINUE_MIN_SECONDS), NOW)).toBe(true);
    expect(worthContinuing(vod(569), NOW)).toBe(true);
    expect(worthContinuing(vod(570), NOW)).toBe(false);
    expect(worthContinuing(live(3600, -5), NOW)).toBe(true);
    // Live now: it is rejoined at the live edge, so there is nothing to continue.
    expect(worthContinuing(live(600, -1, { live: true }), NOW)).toBe(false);
  });

  it("shows whole percent, and 100 only when nothing is left", () => {
    expect(percentWatched({ fraction: 0.256, remainingSeconds: 10 })).toBe(25);
    expect(percentWatched({ fraction: 0.999, remainingSeconds: 1 })).toBe(99);
    expect(percentWatched({ fraction: 1, remainingSeconds: 0 })).toBe(100);
  });
});

describe("what is left, in words", () => {
  const say = (locale: string, seconds: number) => {
    const { key, options } = timeLeftLabel(seconds);
    return createI18n(locale).t(key, options);
  };

  it("rounds minutes up, so a few seconds left is never '0 min'", () => {
    expect(timeLeftLabel(20)).toEqual({ key: "timeLeftMinutes", options: { count: 1 } });
    expect(timeLeftLabel(60)).toEqual({ key: "timeLeftMinutes", options: { count: 1 } });
    expect(timeLeftLabel(61)).toEqual({ key: "timeLeftMinutes", options: { count: 2 } });
    expect(timeLeftLabel(3600)).toEqual({ key: "timeLeftWholeHours", options: { hours: 1 } });
    expect(timeLeftLabel(3601)).toEqual({
      key: "timeLeftHours",
      options: { hours: 1, minutes: 1 },
    });
    expect(timeLeftLabel(0)).toEqual({ key: "timeLeftNone", options: {} });
  });

  it("is worded in every language", () => {
    const seconds = [20, 600, 4500, 7200, 0];
    expect(seconds.map((s) => say("en", s))).toEqual([
      "1 min left",
      "10 min left",
      "1 h 15 min left",
      "2 h left",
      "Finished",
    ]);
    expect(seconds.map((s) => say("pt", s))).toEqual([
      "Falta 1 min",
      "Faltam 10 min",
      "Faltam 1 h 15 min",
      "Faltam 2 h",
      "Concluído",
    ]);
    expect(seconds.map((s) => say("es", s))).toEqual([
      "Queda 1 min",
      "Quedan 10 min",
      "Quedan 1 h 15 min",
      "Quedan 2 h",
      "Terminado",
    ]);
  });
});

describe("labels of the history page and the continue-watching row", () => {
  it("exist in every language", () => {
    const keys = Object.keys(en).filter((key) =>
      /^(history|continueWatching$|percentWatched$|timeLeft)/.test(key),
    );
    expect(keys.length).toBeGreaterThan(10);
    for (const labels of [pt, es]) expect(keys.filter((key) => !(key in labels))).toEqual([]);
    expect(createI18n("pt").t("continueWatching")).toBe("Continuar assistindo");
    expect(createI18n("es").t("percentWatched", { percent: 40 })).toBe("40 % visto");
  });
});
