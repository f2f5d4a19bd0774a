// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
// The router Remix runs on: a memory router gives SiteHeader the root loader data and location.
import { createMemoryRouter, Outlet, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createI18n, loadedResources, SUPPORTED_LANGUAGES } from "../../../app/i18n/i18n.ts";
import {
  isMobileWidth,
  MOBILE_BREAKPOINT_PX,
  useMobileMode,
} from "../../../app/navigation/breakpoint.ts";
import { headerUtilities } from "../../../app/navigation/header-utilities.ts";
import type { MenuContext } from "../../../app/navigation/menu-items.ts";
import { SiteHeader, SiteHeaderView } from "../../../app/navigation/SiteHeader.tsx";
import { CONDITIONS, isBuilt, routeNamed, type ViewerRole } from "../../../app/realm/routes.ts";
import { RESIZE_THROTTLE_MS, throttle } from "../../../app/ui/client-state.tsx";
import type { Item, Menu } from "../../../schemas/generated/menu.ts";

const FEATURES = Object.fromEntries(
  Object.keys(CONDITIONS).map((name) => [name, true]),
) as MenuContext["features"];

function setViewportWidth(width: number) {
  (
    window as unknown as { happyDOM: { setViewport(v: { width: number }): void } }
  ).happyDOM.setViewport({ width });
}

/** The account button's target: none until the account page is built (no link to a 404). */
const ACCOUNT = isBuilt(routeNamed("account"))
  ? ({ kind: "route", route: { name: "account" } } as const)
  : null;
/** The watch history, in the account menu once its page is built. */
const HISTORY = isBuilt(routeNamed("history"))
  ? ({ kind: "route", route: { name: "history" } } as const)
  : null;

describe("top-right buttons (spec section 2)", () => {
  const context = (overrides: Partial<MenuContext & { eventCount: number }> = {}) => ({
    role: "CUSTOMER" as ViewerRole,
    child: false,
    features: FEATURES,
    profilesConfigured: false,
    homeOpen: true,
    eventCount: 3,
    ...overrides,
  });

  it.each<ViewerRole>(["UNAUTHENTICATED", "GUEST"])(
    "%s: search, sign in and sign up coming back here; no live now or account",
    (role) => {
      expect(headerUtilities(context({ role }), "/browse?x=1")).toEqual({
        search: { kind: "route", route: { name: "search" } },
        liveNow: null,
        account: null,
        signIn: { kind: "route", route: { name: "login", query: { from: "/browse?x=1" } } },
        signUp: { kind: "route", route: { name: "signup", query: { from: "/browse?x=1" } } },
      });
    },
  );

  it("no sign-up button where viewers cannot register", () => {
    const closed = context({ role: "GUEST", features: { ...FEATURES, selfRegistration: false } });
    expect(headerUtilities(closed, "/").signUp).toBeNull();
  });

  it("search opens the overlay over this page without the vesper engine", () => {
    const algolia = context({ features: { ...FEATURES, vesperSearch: false } });
    expect(headerUtilities(algolia, "/").search).toEqual({ kind: "here", hash: "search" });
  });

  it.each<ViewerRole>(["CUSTOMER", "ADMIN"])(
    "%s: live now with the live count, the account and history once their pages are built; no sign-in",
    (role) => {
      expect(headerUtilities(context({ role }), "/")).toEqual({
        search: { kind: "route", route: { name: "search" } },
        liveNow: { target: { kind: "here", hash: "livenow" }, count: 3 },
        account: HISTORY
          ? {
              kind: "switcher",
              account: ACCOUNT,
              preferences: null,
              history: HISTORY,
              profiles: null,
            }
          : ACCOUNT && { kind: "link", target: ACCOUNT },
        signIn: null,
        signUp: null,
      });
    },
  );

  it("a profile switcher when the realm has profiles; a child profile cannot reach the account or preferences", () => {
    const profiles = { kind: "route", route: { name: "profiles" } };
    expect(headerUtilities(context({ profilesConfigured: true }), "/").account).toEqual({
      kind: "switcher",
      account: ACCOUNT,
      preferences: { kind: "here", query: { preferences: "" } },
      history: HISTORY,
      profiles,
    });
    expect(
      headerUtilities(context({ profilesConfigured: true, child: true }), "/").account,
    ).toEqual({ kind: "switcher", account: null, preferences: null, history: HISTORY, profiles });
    expect(
      headerUtilities(context({ child: true, features: { ...FEATURES } }), "/").account,
    ).toEqual(
      HISTORY
        ? { kind: "switcher", account: null, preferences: null, history: HISTORY, profiles: null }
        : null,
    );
    expect(headerUtilities(context({ eventCount: undefined }), "/").liveNow?.count).toBe(0);
  });
});

describe("mobile mode (spec sections 4 and 9)", () => {
  it("is below 1025 px wide", () => {
    expect(MOBILE_BREAKPOINT_PX).toBe(1025);
    expect(isMobileWidth(390)).toBe(true);
    expect(isMobileWidth(1024)).toBe(true);
    expect(isMobileWidth(1025)).toBe(false);
    expect(isMobileWidth(1280)).toBe(false);
  });

  it("the stylesheet's media queries use the same width, so the first paint agrees", () => {
    const css = readFileSync("app/styles/navigation.css", "utf8");
    const queries = [...css.matchAll(/@media\s*([^{]+)\{/g)].map((match) => match[1]!.trim());
    // The queries that pick desktop or mobile mode (range syntax); others (no script, a very
    // narrow phone) only refine one mode.
    expect(queries.filter((query) => /\(width [<>]/.test(query))).toEqual([
      `(width >= ${MOBILE_BREAKPOINT_PX}px)`,
      `(width < ${MOBILE_BREAKPOINT_PX}px)`,
    ]);
  });

  it("throttles to one call per 100 ms, after the last of a burst", () => {
    vi.useFakeTimers();
    try {
      const fn = vi.fn();
      const throttled = throttle(fn, RESIZE_THROTTLE_MS);
      throttled();
      throttled();
      vi.advanceTimersByTime(99);
      throttled();
      expect(fn).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(fn).toHaveBeenCalledTimes(1);
      throttled();
      throttled.cancel();
      vi.advanceTimersByTime(200);
      expect(fn).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

const i18n = createI18n("en");
const ITEMS: Item[] = [
  { type: "VIEW", title: "Home", data: { view: "home" } },
  { type: "SECTION", title: "Fight Nights", data: { section: "fight-nights" } },
  { type: "VIEW", title: "Live now", data: { view: "livenow" }, style: { featured: true } },
  {
    type: "FOLDER",
    title: "More",
    items: [
      { type: "VIEW", title: "News", data: { view: "news" } },
      {
        type: "OUTBOUND_LINK",
        title: "Shop",
        data: { outboundLink: "https://shop.example.com" },
        style: { iconUrl: "/images/shop.svg" },
        showIcon: true,
      },
    ],
  },
];

interface Options {
  layout?: Menu["layout"];
  role?: ViewerRole;
  profilesConfigured?: boolean;
  items?: Item[];
  path?: string;
  languages?: string[];
}

function rootData({
  layout = "TOP",
  role = "CUSTOMER",
  profilesConfigured = false,
  items = ITEMS,
  languages = ["en"],
}: Options) {
  return {
    locale: "en",
    basePath: "/realm/arena",
    viewer: { role, child: false, homeOpen: true },
    shell: {
      realm: {
        name: "arena",
        fullName: "Arena Fight Pass",
        logoUrl: "/images/arena/logo.webp",
        defaultLocale: "en",
        languages,
      },
      theme: {},
      menu: { layout, items },
      eventCount: 2,
      locale: "en",
      features: FEATURES,
      profilesConfigured,
    },
  };
}

let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  setViewportWidth(1024);
  vi.useRealTimers();
});

async function mountHeader(options: Options = {}, element = <SiteHeader />) {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const data = rootData(options);
  const router = createMemoryRouter(
    [
      {
        id: "root",
        path: "/",
        loader: () => data,
        element: <Outlet />,
        children: [{ path: "*", element }],
      },
    ],
    {
      initialEntries: [options.path ?? "/realm/arena/home"],
      hydrationData: { loaderData: { root: data } },
    },
  );
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root!.render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} future={{ v7_startTransition: true }} />
      </I18nextProvider>,
    );
  });
  return { header: container.querySelector("header")!, router };
}

const links = (scope: Element) =>
  [...scope.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);

describe("the site header", () => {
  it("TOP: the menu as a bar that scrolls at five items, the current page marked", async () => {
    const { header } = await mountHeader({ role: "CUSTOMER" });
    expect(header.dataset.layout).toBe("TOP");
    const bar = header.querySelector("nav.site-menu")!;
    expect(bar.getAttribute("aria-label")).toBe("Main menu");
    expect(bar.getAttribute("data-orientation")).toBe("horizontal");
    // Four items: no scrolling.
    expect(bar.querySelector(".menu-list")!.hasAttribute("data-scrolls")).toBe(false);
    expect(links(bar)).toEqual([
      ["Home", "/realm/arena/home"],
      ["Fight Nights", "/realm/arena/section/fight-nights"],
      ["Live now", "/realm/arena/live-events"],
    ]);
    expect(bar.querySelector('[aria-current="page"]')!.textContent).toBe("Home");
    expect(bar.querySelector(".menu-link-featured")!.textContent).toBe("Live now");
    const folder = bar.querySelector<HTMLButtonElement>("button.menu-folder")!;
    expect(folder.getAttribute("aria-expanded")).toBe("false");
  });

  it("a folder is a menu button listing its secondary items; outbound links say they open a new tab", async () => {
    const { header } = await mountHeader({ items: [...ITEMS, ITEMS[0]!] });
    const bar = header.querySelector("nav.site-menu")!;
    expect(bar.querySelector(".menu-list")!.hasAttribute("data-scrolls")).toBe(true);
    const folder = bar.querySelector<HTMLButtonElement>("button.menu-folder")!;
    expect(folder.getAttribute("aria-haspopup")).toBe("menu");
    const press = (key: string) =>
      act(async () => {
        folder.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
      });
    await press("Enter");
    expect(folder.getAttribute("aria-expanded")).toBe("true");
    const menu = document.querySelector('[role="menu"]')!;
    expect(menu.getAttribute("aria-labelledby")).toBe(folder.id);
    const items = [...menu.querySelectorAll<HTMLAnchorElement>('[role="menuitem"]')];
    expect(items.map((item) => item.getAttribute("href"))).toEqual([
      "/realm/arena/news",
      "https://shop.example.com",
    ]);
    const shop = items[1]!;
    expect(shop.target).toBe("_blank");
    expect(shop.rel).toContain("noopener");
    expect(shop.textContent).toBe("Shop (opens in a new tab)");
    const icon = shop.querySelector("img")!;
    expect([icon.alt, icon.getAttribute("width"), icon.getAttribute("height")]).toEqual([
      "",
      "16",
      "16",
    ]);
    await act(async () => {
      menu.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    });
    expect(folder.getAttribute("aria-expanded")).toBe("false");
    expect(document.querySelector('[role="menu"]')).toBeNull();
  });

  it("signed-out viewers get sign-in and sign-up buttons, no live-now or account", async () => {
    const { header } = await mountHeader({ role: "UNAUTHENTICATED", path: "/realm/arena" });
    const utilities = header.querySelector(".header-utilities")!;
    expect(links(utilities)).toEqual([
      ["Search", "/realm/arena/search"],
      ["Sign in", "/realm/arena/login?from=%2F"],
      ["Sign up", "/realm/arena/signup?from=%2F"],
    ]);
    expect(links(header.querySelector("nav.site-menu")!).map(([title]) => title)).toEqual([
      "Home",
      "Fight Nights",
    ]);
  });

  it("offers a language switcher only where the realm has several languages", async () => {
    const single = await mountHeader({ role: "UNAUTHENTICATED" });
    expect(single.header.querySelector(".header-language")).toBeNull();
    act(() => root?.unmount());
    const several = await mountHeader({ role: "UNAUTHENTICATED", languages: ["pt", "es", "en"] });
    const button = several.header.querySelector<HTMLButtonElement>("button.header-language")!;
    expect(button.textContent).toContain("Language: English");
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("customers get live now with the count, and a profile switcher with profiles", async () => {
    const { header } = await mountHeader({ profilesConfigured: true });
    const live = header.querySelector<HTMLAnchorElement>("a.header-live")!;
    expect(live.getAttribute("href")).toBe("/realm/arena/home#livenow");
    // Read out as one sentence; the visible label and count badge are hidden from it.
    const spoken = [...live.querySelectorAll(':scope > :not([aria-hidden="true"])')]
      .map((part) => part.textContent)
      .join("");
    expect(spoken).toBe("Live now, 2 live events");
    expect(live.querySelector(".header-label")!.textContent).toBe("Live now");
    expect(live.querySelector(".header-count")!.textContent).toBe("2");
    const trigger = header.querySelector<HTMLButtonElement>("button.header-account")!;
    expect(trigger.getAttribute("aria-haspopup")).toBe("menu");
    expect(trigger.textContent).toBe("Account and profiles");
  });

  it("HAMBURGER: no bar, the menu in a drawer that closes when a link is followed", async () => {
    const { header, router } = await mountHeader({ layout: "HAMBURGER" });
    expect(header.querySelector("nav.site-menu")).toBeNull();
    const toggle = header.querySelector<HTMLButtonElement>("button.menu-toggle")!;
    expect(toggle.getAttribute("aria-haspopup")).toBe("dialog");
    await act(async () => toggle.click());
    const drawer = document.querySelector('[role="dialog"]')!;
    expect(drawer.getAttribute("aria-labelledby")).toBeTruthy();
    expect(drawer.querySelector("nav")!.getAttribute("data-orientation")).toBe("vertical");
    const fightNights = [...drawer.querySelectorAll("a")].find(
      (a) => a.textContent === "Fight Nights",
    )!;
    await act(async () => fightNights.click());
    expect(router.state.location.pathname).toBe("/realm/arena/section/fight-nights");
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it("SIDEBAR: the menu as a list whose folders open in place", async () => {
    const { header } = await mountHeader({ layout: "SIDEBAR", path: "/realm/arena/news" });
    const list = header.querySelector("nav.site-menu")!;
    expect(list.getAttribute("data-orientation")).toBe("vertical");
    const folder = list.querySelector<HTMLButtonElement>("button.menu-folder")!;
    // It holds the current page: open from the start, and marked.
    expect(folder.getAttribute("aria-expanded")).toBe("true");
    expect(folder.hasAttribute("data-current")).toBe(true);
    expect(list.querySelector('[aria-current="page"]')!.textContent).toBe("News");
    await act(async () => folder.click());
    expect(folder.getAttribute("aria-expanded")).toBe("false");
    expect(list.querySelector('a[href="/realm/arena/news"]')).toBeNull();
  });

  it("follows the window into and out of mobile mode; the mobile drawer closes on desktop", async () => {
    vi.useFakeTimers();
    setViewportWidth(390);
    const { header } = await mountHeader();
    expect(header.dataset.mode).toBe("mobile");
    await act(async () => header.querySelector<HTMLButtonElement>("button.menu-toggle")!.click());
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
    await act(async () => {
      setViewportWidth(1280);
      vi.advanceTimersByTime(RESIZE_THROTTLE_MS);
    });
    expect(header.dataset.mode).toBe("desktop");
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it("has every label in every language", () => {
    const keys = ["mainMenu", "menu", "closeMenu", "search", "liveNow", "myAccount"];
    keys.push("accountMenu", "switchProfile", "signIn", "signUp", "liveEventCount_other");
    keys.push("languageMenu", "languageName_en", "languageName_pt", "languageName_es");
    const resources = loadedResources();
    expect(Object.keys(resources).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    for (const [language, { translation }] of Object.entries(resources)) {
      for (const key of keys) expect(translation, `${language} ${key}`).toHaveProperty(key);
    }
  });
});

describe("the header the workbench previews a menu in", () => {
  // Titles given as plain strings, as the menu is once localised.
  const menu = { layout: "TOP", items: ITEMS } as Parameters<typeof SiteHeaderView>[0]["menu"];
  const shell = rootData({}).shell as unknown as Parameters<typeof SiteHeaderView>[0]["shell"];
  const view = (props: Partial<Parameters<typeof SiteHeaderView>[0]>) => (
    <SiteHeaderView
      shell={shell}
      basePath="/realm/arena"
      viewer={{ role: "CUSTOMER", child: false, homeOpen: true }}
      menu={menu}
      layout="TOP"
      {...props}
    />
  );

  it.each<Menu["layout"]>(["TOP", "TOP_LEFT", "HAMBURGER", "SIDEBAR"])(
    "%s: the menu's items in that layout, whatever the realm's own",
    async (layout) => {
      const { header } = await mountHeader({ layout: "TOP", items: [] }, view({ layout }));
      expect(header.dataset.layout).toBe(layout);
      const bar = header.querySelector("nav.site-menu");
      if (layout === "HAMBURGER") {
        expect(bar).toBeNull();
        expect(header.querySelector("button.menu-toggle")).not.toBeNull();
      } else {
        expect(bar!.getAttribute("data-orientation")).toBe(
          layout === "SIDEBAR" ? "vertical" : "horizontal",
        );
        expect(links(bar!).map(([title]) => title)).toEqual(["Home", "Fight Nights", "Live now"]);
      }
    },
  );

  it("shows the drawer open in place, not as a modal over the page", async () => {
    const { header } = await mountHeader({ items: [] }, view({ drawerShown: true }));
    const drawer = header.querySelector('.menu-drawer[data-shown][role="dialog"]')!;
    expect(drawer).not.toBeNull();
    expect(drawer.getAttribute("aria-modal")).toBeNull();
    // Nor does it take the focus (in the workbench, from the editor beside the preview).
    expect(drawer.contains(document.activeElement)).toBe(false);
    expect(document.querySelector(".menu-drawer-overlay")).toBeNull();
    expect(links(drawer).map(([title]) => title)).toContain("Fight Nights");
    expect(header.querySelector("button.menu-toggle")!.getAttribute("aria-expanded")).toBe("true");
  });

  it("as the viewer given: a signed-out visitor gets sign-in and no live now", async () => {
    const { header } = await mountHeader(
      {},
      view({ viewer: { role: "UNAUTHENTICATED", child: false, homeOpen: true } }),
    );
    const titles = links(header).map(([title]) => title);
    expect(titles).toContain("Sign in");
    expect(titles).not.toContain("Live now");
  });
});

describe("useMobileMode", () => {
  it("is null until hydrated on the server", async () => {
    const { renderToString } = await import("react-dom/server");
    const Probe = () => <p>{String(useMobileMode())}</p>;
    expect(renderToString(<Probe />)).toBe("<p>null</p>");
  });
});
