import { describe, expect, it } from "vitest";
import {
  CLICK_ID_TTL_MS,
  rememberClickIds,
  validClickId,
} from "../../../app/analytics/click-ids.ts";
import { routeKey } from "../../../app/analytics/route-key.ts";

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe("click identifiers (spec section 9)", () => {
  it("keeps TikTok, Snapchat and trade-desk ids for 90 days", () => {
    const storage = memoryStorage();
    const now = 1_000_000;
    expect(rememberClickIds("?callback=E.C.P.abc&ScCid=snap-1&ttd_id=ttd.2", storage, now)).toEqual(
      {
        tiktok: "E.C.P.abc",
        snapchat: "snap-1",
        tradeDesk: "ttd.2",
      },
    );
    expect(rememberClickIds("", storage, now + CLICK_ID_TTL_MS - 1)).toEqual({
      tiktok: "E.C.P.abc",
      snapchat: "snap-1",
      tradeDesk: "ttd.2",
    });
    expect(rememberClickIds("", storage, now + CLICK_ID_TTL_MS)).toEqual({});
  });

  it("takes a TikTok callback only when it starts with E.C.P.", () => {
    expect(validClickId("tiktok", "E.C.P.x1")).toBe("E.C.P.x1");
    expect(validClickId("tiktok", "ECP.x1")).toBeNull();
    expect(validClickId("snapchat", "<script>")).toBeNull();
    expect(rememberClickIds("?callback=abc", memoryStorage())).toEqual({});
  });

  it("a newer click replaces an older, and unreadable storage keeps nothing", () => {
    const storage = memoryStorage();
    rememberClickIds("?ScCid=old", storage, 0);
    expect(rememberClickIds("?ScCid=new", storage, 10)).toEqual({ snapchat: "new" });
    storage.setItem("analyticsClickIds", "{not json");
    expect(rememberClickIds("", storage, 10)).toEqual({});
  });
});

describe("route keys", () => {
  it.each([
    ["/realm/arena", "HOME"],
    ["/realm/arena/", "HOME"],
    ["/realm/arena/home", "HOME"],
    ["/realm/arena/account", "ACCOUNT"],
    ["/realm/arena/signup", "SIGNUP"],
    ["/realm/arena/purchase", "PURCHASE"],
    ["/realm/arena/section/football", "SECTION football"],
    ["/realm/arena/live/12", "LIVE 12"],
    ["/realm/arena/vod/7", "VOD 7"],
    ["/realm/arena/playlist/3", "PLAYLIST"],
    ["/realm/arena/browse", "BROWSE"],
    ["/realm/arena/grid/new", "GRID"],
    ["/realm/arena/login", "LOGIN"],
    ["/realm/arena/search", "SEARCH"],
    ["/realm/arena/live-events", "LIVE_EVENTS"],
    ["/realm/arena/vod/%3Cscript%3E", "VOD"],
  ])("%s is %s", (path, key) => {
    expect(routeKey(path, "/realm/arena")).toBe(key);
  });

  it("reads from the root on a realm's own domain", () => {
    expect(routeKey("/vod/9", "")).toBe("VOD 9");
    expect(routeKey("/", "")).toBe("HOME");
  });
});
