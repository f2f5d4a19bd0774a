import { describe, expect, it } from "vitest";
import { showsInterstitial, type InterstitialSettings } from "../../../app/interstitial/rule.ts";

const settings = (enabled: boolean, series: boolean): InterstitialSettings => ({
  interstitial: { enabled, series },
});
const OFF = settings(false, false);
const ENABLED = settings(true, false);
const SERIES_ONLY = settings(false, true);
const BOTH = settings(true, true);

const none = new URLSearchParams();
const asked = new URLSearchParams("showInterstitial=true");

describe("whether a request shows the interstitial page (spec: Video pages)", () => {
  // route, query, settings, expected
  it.each([
    // Enabled by config: playlist, interstitial and season paths, whatever the query.
    ["playlist", none, ENABLED, true],
    ["interstitial", none, ENABLED, true],
    ["season", none, ENABLED, true],
    ["playlist", asked, ENABLED, true],
    ["interstitial", asked, ENABLED, true],
    // Enabled by config: any other path only when the query asks for it.
    ["series", none, ENABLED, false],
    ["series", asked, ENABLED, true],
    ["vod", asked, ENABLED, true],
    ["home", none, ENABLED, false],
    // Not enabled: neither the paths nor the query bring it.
    ["playlist", none, OFF, false],
    ["interstitial", none, OFF, false],
    ["season", none, OFF, false],
    ["series", asked, OFF, false],
    ["playlist", asked, OFF, false],
    // The series setting alone: every series path, and nothing else.
    ["series", none, SERIES_ONLY, true],
    ["series", asked, SERIES_ONLY, true],
    ["playlist", none, SERIES_ONLY, false],
    ["season", asked, SERIES_ONLY, false],
    ["interstitial", none, SERIES_ONLY, false],
    // Both on.
    ["series", none, BOTH, true],
    ["season", none, BOTH, true],
  ] as const)("%s?%s with %j: %s", (route, query, realm, expected) => {
    expect(showsInterstitial(route, query, realm)).toBe(expected);
  });

  it("asks with exactly showInterstitial=true", () => {
    for (const value of ["false", "1", "TRUE", "yes", ""]) {
      const query = new URLSearchParams({ showInterstitial: value });
      expect(showsInterstitial("series", query, ENABLED), value).toBe(false);
    }
    expect(showsInterstitial("series", new URLSearchParams("showinterstitial=true"), ENABLED)).toBe(
      false,
    );
  });

  it("never shows it for a realm without the setting", () => {
    for (const route of ["playlist", "interstitial", "season", "series"]) {
      expect(showsInterstitial(route, asked, {}), route).toBe(false);
    }
  });
});
