import { describe, expect, it } from "vitest";
import { isBusy, isChangingPage } from "../../../app/feedback/pending.ts";
import {
  defaultDuration,
  parseFlashToast,
  TOAST_DURATION_MS,
  toastDurationMs,
} from "../../../app/feedback/toast.ts";
import en from "../../../contract/locales/en.json";
import es from "../../../contract/locales/es.json";
import pt from "../../../contract/locales/pt.json";

describe("toast durations (spec sections 4 and 9)", () => {
  it("are 1.5 s and 3 s, plus 300 ms", () => {
    expect(TOAST_DURATION_MS).toEqual({ SHORT: 1500, LONG: 3000 });
    expect(toastDurationMs("SHORT")).toBe(1800);
    expect(toastDurationMs("LONG")).toBe(3300);
  });

  it("default to LONG for errors, SHORT otherwise", () => {
    expect(defaultDuration("error")).toBe("LONG");
    expect(defaultDuration("success")).toBe("SHORT");
    expect(defaultDuration("info")).toBe("SHORT");
  });
});

describe("flash toasts", () => {
  const toast = { id: "t1", level: "success", label: "cookiePolicySaved", duration: "SHORT" };
  it("read back only what is a toast naming a known label", () => {
    expect(parseFlashToast(toast, en)).toEqual(toast);
    expect(parseFlashToast({ ...toast, label: "noSuchLabel" }, en)).toBeNull();
    expect(parseFlashToast({ ...toast, label: "toString" }, en)).toBeNull();
    expect(parseFlashToast({ ...toast, level: "warning" }, en)).toBeNull();
    expect(parseFlashToast({ ...toast, duration: 1800 }, en)).toBeNull();
    expect(parseFlashToast("cookiePolicySaved", en)).toBeNull();
    expect(parseFlashToast(null, en)).toBeNull();
  });
});

describe("waiting", () => {
  const idle = { navigation: "idle", fetchers: [], revalidation: "idle" } as const;
  it("is busy while a navigation, a fetcher or a revalidation is", () => {
    expect(isBusy(idle)).toBe(false);
    expect(isBusy({ ...idle, navigation: "loading" })).toBe(true);
    expect(isBusy({ ...idle, navigation: "submitting" })).toBe(true);
    expect(isBusy({ ...idle, revalidation: "loading" })).toBe(true);
    expect(isBusy({ ...idle, fetchers: [{ state: "idle" }, { state: "submitting" }] })).toBe(true);
    expect(isBusy({ ...idle, fetchers: [{ state: "idle" }] })).toBe(false);
  });

  it("changes page only when loading another path", () => {
    const to = (pathname: string) => ({ state: "loading" as const, location: { pathname } });
    expect(isChangingPage(to("/realm/arena/browse"), "/realm/arena")).toBe(true);
    expect(isChangingPage(to("/realm/arena"), "/realm/arena")).toBe(false);
    expect(isChangingPage({ state: "idle" }, "/realm/arena")).toBe(false);
    expect(
      isChangingPage({ state: "submitting", location: { pathname: "/x" } }, "/realm/arena"),
    ).toBe(false);
  });
});

describe("labels", () => {
  it("of notices and toasts exist in every language", () => {
    const keys = Object.keys(en).filter((key) =>
      /^(cookie|smartBanner|outdatedBrowser|vpn|toast|promoDismiss|logOut$|close$|notifications$)/.test(
        key,
      ),
    );
    expect(keys.length).toBeGreaterThan(20);
    for (const labels of [pt, es]) {
      expect(keys.filter((key) => !(key in labels))).toEqual([]);
    }
  });
});
