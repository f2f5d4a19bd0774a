import { afterEach, describe, expect, it, vi } from "vitest";
import { usableMenu } from "../../../app/navigation/usable-menu.ts";

const home = { type: "VIEW", title: "Home", data: { view: "home" } };
const news = { type: "VIEW", title: "News", data: { view: "news" } };

function warnings() {
  return vi.spyOn(console, "warn").mockImplementation(() => {});
}

afterEach(() => vi.restoreAllMocks());

describe("the menu a realm's init gives", () => {
  it("is used as it is when it fits its schema", () => {
    const warn = warnings();
    const menu = { layout: "TOP", targetPlatform: "WEB", items: [home, news] };
    expect(usableMenu({ ...menu, version: 3 }, "arena-ok")).toEqual(menu);
    expect(warn).not.toHaveBeenCalled();
  });

  it("leaves out an invalid item and logs where it was", () => {
    const warn = warnings();
    const menu = { layout: "TOP", items: [home, { type: "TELEPORT", title: "Beam" }, news] };
    expect(usableMenu(menu, "arena-item")).toEqual({ layout: "TOP", items: [home, news] });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(warn.mock.calls[0]![0]))).toMatchObject({
      level: "warn",
      realm: "arena-item",
      pointer: "/items/1/type",
    });
  });

  it("leaves out an invalid item of a folder, keeping the folder", () => {
    warnings();
    const folder = { type: "FOLDER", title: "More", items: [news, { type: "VIEW", title: "" }] };
    expect(usableMenu({ layout: "TOP", items: [home, folder] }, "arena-folder")).toEqual({
      layout: "TOP",
      items: [home, { ...folder, items: [news] }],
    });
  });

  it("logs the same problem once", () => {
    const warn = warnings();
    const menu = { layout: "TOP", items: [home, { type: "VIEW" }] };
    usableMenu(menu, "arena-once");
    usableMenu(menu, "arena-once");
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("is not shown when the menu itself does not fit", () => {
    warnings();
    expect(usableMenu({ items: [home] }, "arena-root")).toBeNull();
    expect(usableMenu(null, "arena-none")).toBeNull();
  });
});
