import { describe, expect, it } from "vitest";
import {
  AUDIENCES,
  audienceViewer,
  newAccountViewerSource,
  previewedAudience,
  readAudience,
  viewerListKind,
} from "../../../app/preview/audience.ts";
import { menuEntries, type MenuContext } from "../../../app/navigation/menu-items.ts";
import { CONDITIONS } from "../../../app/realm/routes.ts";
import { definition as myList } from "../../../blocks/my-list/index.tsx";
import { definition as continueWatching } from "../../../blocks/continue-watching/index.tsx";
import type { Item } from "../../../app/navigation/menu-items.ts";

const FEATURES = Object.fromEntries(
  Object.keys(CONDITIONS).map((name) => [name, true]),
) as MenuContext["features"];

describe("the live preview's audiences", () => {
  it("reads the audience of the preview URL, the admin's own view by default", () => {
    const url = (query: string) =>
      new URL(`http://localhost/realm/arena/preview/page/home${query}`);
    expect(readAudience(url("?live=1"))).toBe("admin");
    expect(readAudience(url("?live=1&as=nobody"))).toBe("admin");
    for (const audience of AUDIENCES) expect(readAudience(url(`?as=${audience}`))).toBe(audience);
  });

  it("gives each audience its role and profile; only the admin's own view is the admin's", () => {
    const admin = { role: "ADMIN", child: false } as const;
    expect(AUDIENCES.map((a) => audienceViewer(a, admin))).toEqual([
      admin,
      { role: "UNAUTHENTICATED", child: false },
      { role: "GUEST", child: false },
      { role: "CUSTOMER", child: false },
      { role: "CUSTOMER", child: true },
    ]);
  });

  it("hides signed-in items from visitors and adult items from a child profile", () => {
    const items: Item[] = [
      { type: "VIEW", title: "Home", data: { view: "home" } },
      { type: "VIEW", title: "Live now", data: { view: "livenow" } },
      { type: "VIEW", title: "Account", data: { view: "account" } },
    ];
    const titles = (audience: (typeof AUDIENCES)[number]) =>
      menuEntries(items, {
        ...audienceViewer(audience, { role: "ADMIN", child: false }),
        features: FEATURES,
        profilesConfigured: true,
        homeOpen: true,
      }).map((entry) => entry.title);
    expect(titles("signedOut")).toEqual(["Home"]);
    expect(titles("guest")).toEqual(["Home"]);
    expect(titles("customer")).toContain("Live now");
    expect(titles("child")).toContain("Live now");
    expect(titles("child")).not.toContain("Account");
  });

  it("gives the realm's header the audience of a preview shown to someone else than the admin", () => {
    const shown = (name: (typeof AUDIENCES)[number]) => ({
      name,
      role: "GUEST" as const,
      child: false,
      homeOpen: true,
      cardTitleScale: 1,
    });
    const root = { data: { locale: "en" } };
    expect(previewedAudience([root, { data: { audience: shown("guest") } }])).toEqual(
      shown("guest"),
    );
    expect(previewedAudience([root, { data: { audience: shown("admin") } }])).toBeNull();
    expect(previewedAudience([root, { data: null }, { data: undefined }])).toBeNull();
  });

  it("lists my list where the realm has one, else favourites unless it has watchlists", () => {
    expect(viewerListKind({ myList: true, noWatchlists: true })).toBe("MY_LIST");
    expect(viewerListKind({ myList: false, noWatchlists: true })).toBe("FAVOURITES");
    expect(viewerListKind({ myList: false, noWatchlists: false })).toBeNull();
  });

  it("resolves a customer's own blocks as a new account: signed in, nothing listed or watched", async () => {
    const ctx = {
      content: {} as never,
      heroes: [],
      now: new Date(),
      viewer: newAccountViewerSource("FAVOURITES"),
    };
    expect(await myList.resolve({ id: "mine", type: "myList" }, ctx)).toEqual({
      signedIn: true,
      list: { kind: "FAVOURITES", items: [] },
    });
    expect(await continueWatching.resolve({ id: "cw", type: "continueWatching" }, ctx)).toEqual({
      items: [],
    });
    expect(await newAccountViewerSource(null).viewerList(10)).toBeNull();
    expect(await newAccountViewerSource(null).backgroundVideoAutoPlay()).toBe(true);
  });
});
