import { describe, expect, it } from "vitest";
import { hasLists, parseListId, parseRef, primaryList, refKey } from "../../../app/lists/refs.ts";
import { actionLabel, changeLabel } from "../../../app/ui/list-labels.ts";
import en from "../../../contract/locales/en.json";

const ARENA = { myList: true, noWatchlists: false, watchlists: true };
const LIGA = { myList: false, noWatchlists: true, watchlists: false };
const NONE = { myList: false, noWatchlists: false, watchlists: false };

describe("item refs", () => {
  it("reads TYPE:id for the four types a list holds", () => {
    expect(parseRef("VOD_VIDEO:12")).toEqual({ type: "VOD_VIDEO", id: 12 });
    expect(parseRef("LIVE_EVENT:3")).toEqual({ type: "LIVE_EVENT", id: 3 });
    expect(parseRef("VOD_PLAYLIST:301")).toEqual({ type: "VOD_PLAYLIST", id: 301 });
    expect(parseRef("VOD_SERIES:401")).toEqual({ type: "VOD_SERIES", id: 401 });
    expect(refKey({ type: "VOD_SERIES", id: 401 })).toBe("VOD_SERIES:401");
  });

  it("refuses anything else", () => {
    for (const bad of [
      undefined,
      null,
      12,
      "",
      "VOD_VIDEO",
      "VOD_VIDEO:",
      "VOD_VIDEO:0",
      "VOD_VIDEO:-1",
      "VOD_VIDEO:1.5",
      "VOD_VIDEO:012",
      "VOD_VIDEO:99999999999",
      "VOD_VIDEO:2147483648",
      "VOD_SEASON:5",
      "NEWS:5",
      "vod_video:5",
      "VOD_VIDEO:5:6",
      "VOD_VIDEO: 5",
    ]) {
      expect(parseRef(bad), String(bad)).toBeNull();
    }
  });
});

describe("list ids per realm", () => {
  it("arena: my list and its watchlists, no favourites", () => {
    expect(parseListId("my-list", ARENA)).toBe("my-list");
    expect(parseListId("7", ARENA)).toBe("7");
    expect(parseListId("favourites", ARENA)).toBeNull();
  });

  it("liga: favourites only", () => {
    expect(parseListId("favourites", LIGA)).toBe("favourites");
    expect(parseListId("my-list", LIGA)).toBeNull();
    expect(parseListId("7", LIGA)).toBeNull();
  });

  it("refuses what is no list id at all", () => {
    for (const bad of [undefined, "", "0", "07", "-1", "my list", "MY-LIST", "9999999999", "1e3"]) {
      expect(parseListId(bad, ARENA), String(bad)).toBeNull();
    }
  });

  it("picks the list one press adds to", () => {
    expect(primaryList(ARENA)).toBe("my-list");
    expect(primaryList(LIGA)).toBe("favourites");
    expect(primaryList({ ...NONE, watchlists: true })).toBeNull();
    expect(hasLists(NONE)).toBe(false);
    expect(hasLists(LIGA)).toBe(true);
  });
});

describe("labels", () => {
  it("name what a press does and what happened, with keys that exist", () => {
    expect(actionLabel("my-list", false)).toBe("addToMyList");
    expect(actionLabel("my-list", true)).toBe("removeFromMyList");
    expect(actionLabel("favourites", false)).toBe("addToFavourites");
    expect(changeLabel("add", "my-list")).toBe("addedToMyList");
    expect(changeLabel("remove", "favourites")).toBe("removedFromFavourites");
    expect(changeLabel("add", "12")).toBe("addedToWatchlist");
    for (const key of [
      actionLabel("favourites", true),
      changeLabel("remove", "12"),
      changeLabel("add", "favourites"),
    ]) {
      expect(en).toHaveProperty(key);
    }
  });
});
