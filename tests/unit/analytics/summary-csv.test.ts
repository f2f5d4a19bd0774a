import { describe, expect, it } from "vitest";
import { csvField, summaryCsv } from "../../../app/admin/analytics/csv.ts";

describe("analytics CSV export", () => {
  it("quotes fields that need it and defuses spreadsheet formulas", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('a,"b"')).toBe('"a,""b"""');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField(-3)).toBe("-3");
  });

  it("writes every figure of the summary as section,name,count,viewers rows", () => {
    const csv = summaryCsv({
      from: "2026-01-01",
      to: "2026-01-02",
      days: [
        { day: "2026-01-01", plays: 3, viewers: 2 },
        { day: "2026-01-02", plays: 0, viewers: 0 },
      ],
      topVideos: [{ route: "VOD 7", plays: 3 }],
      topEvents: [{ name: "play", count: 3 }],
      averageWatchSeconds: 42,
      errorsByType: [{ type: "network", count: 1 }],
      signUpFunnel: [{ step: "signUpStarted", count: 1 }],
      purchaseFunnel: [{ step: "purchaseStarted", count: 0 }],
    });
    expect(csv.split("\r\n")).toEqual([
      "section,name,count,viewers",
      "range,2026-01-01..2026-01-02,,",
      "day,2026-01-01,3,2",
      "day,2026-01-02,0,0",
      "topVideo,VOD 7,3,",
      "topEvent,play,3,",
      "averageWatchSeconds,,42,",
      "playbackError,network,1,",
      "signUpFunnel,signUpStarted,1,",
      "purchaseFunnel,purchaseStarted,0,",
      "",
    ]);
  });
});
