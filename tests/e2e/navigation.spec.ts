import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { DEMO_KEYS } from "../fixtures/secrets.ts";
import { expect, test } from "./fixtures.ts";
import { routeIsBuilt } from "./built-routes.ts";
import { signInAs, signInAsGuest } from "./signed-in.ts";

/** No link leads to a page that is not built: the account's links appear once it is. */
const ACCOUNT_BUILT = routeIsBuilt("account");
const HISTORY_BUILT = routeIsBuilt("history");

/** Spec section 4: mobile mode below 1025 px. */
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;
type Viewport = keyof typeof VIEWPORTS;

/** What each demo realm's menu (platform/seed/realms/{realm}/menu.json) offers. */
const REALMS = {
  arena: {
    layout: "TOP",
    // Arena's content pages are for customers.
    viewer: "CUSTOMER",
    home: "/realm/arena/home",
    folder: "More",
    folderItems: ["News", "Programme guide", "Series", "Multi-view"],
    // Arena allows multi-view (multiViewAllowed): its menu leads there.
    destination: /\/realm\/arena\/multiview$/,
    liveItem: "Live now",
    accountItem: "Account",
  },
  liga: {
    layout: "TOP_LEFT",
    // Liga checks visitors in as guests on its content pages.
    viewer: "GUEST",
    home: "/realm/liga/home",
    // The browser asks for English, one of liga's languages: its menu reads in English.
    folder: "More",
    folderItems: ["News", "Standings"],
    destination: /\/realm\/liga\/plugin\/standings$/,
    liveItem: "Live",
    accountItem: "My account",
  },
} as const;
type Realm = keyof typeof REALMS;

/** Opens a page and waits until it is interactive (not for every image). */
async function visit(page: Page, path: string) {
  await page.goto(path, { waitUntil: "domcontentloaded" });
  await page.locator("html[data-hydrated]").waitFor();
}

/** The realm's home as its usual viewer sees it, hydrated. */
async function openHome(page: Page, context: BrowserContext, baseURL: string, realm: Realm) {
  if (REALMS[realm].viewer === "CUSTOMER") await signInAs(context, baseURL, realm, "CUSTOMER");
  await visit(page, REALMS[realm].home);
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/** The main menu: in the header on desktop, in the drawer (opened here) on mobile. */
async function mainMenu(page: Page, viewport: Viewport): Promise<Locator> {
  if (viewport === "mobile") {
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    return page
      .getByRole("dialog", { name: "Menu" })
      .getByRole("navigation", { name: "Main menu" });
  }
  return page.getByRole("banner").getByRole("navigation", { name: "Main menu" });
}

const isFocusedIn = (locator: Locator) =>
  locator.evaluate((element) => element.contains(document.activeElement));

/**
 * An item of a folder: in the bar's folder menu (a menu of links, in a portal), or a link of
 * the drawer's open folder.
 */
function folderItem(page: Page, menu: Locator, viewport: Viewport, name: string): Locator {
  return viewport === "desktop"
    ? page.getByRole("menu").getByRole("menuitem", { name, exact: true })
    : menu.getByRole("link", { name, exact: true });
}

/** Presses Tab until `target` has focus, checking focus never leaves `scope`. */
async function tabTo(page: Page, target: Locator, scope: Locator) {
  for (let i = 0; i < 15; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
    expect(await isFocusedIn(scope)).toBe(true);
  }
  await expect(target).toBeFocused();
}

for (const realm of Object.keys(REALMS) as Realm[]) {
  const setup = REALMS[realm];
  for (const viewport of Object.keys(VIEWPORTS) as Viewport[]) {
    test.describe(`${realm} navigation, ${viewport}`, () => {
      test.use({ viewport: VIEWPORTS[viewport] });

      test("mouse: a folder opens, a click outside closes it, axe finds nothing while open, an item leads to its page", async ({
        page,
        context,
        baseURL,
      }) => {
        await openHome(page, context, baseURL!, realm);
        let menu = await mainMenu(page, viewport);
        const folder = menu.getByRole("button", { name: setup.folder });
        const [first] = setup.folderItems;
        const last = setup.folderItems.at(-1)!;
        await expect(folder).toHaveAttribute("aria-expanded", "false");
        await folder.click();
        await expect(folder).toHaveAttribute("aria-expanded", "true");
        await expect(folderItem(page, menu, viewport, first)).toBeVisible();
        await expectNoAxeViolations(page);

        if (viewport === "desktop") {
          await page.getByRole("main").click({ position: { x: 4, y: 4 } });
          await expect(folder).toHaveAttribute("aria-expanded", "false");
          await expect(page.getByRole("menu")).toHaveCount(0);
          await folder.click();
        } else {
          // Beside the drawer, on the dimmed page.
          await page.mouse.click(VIEWPORTS.mobile.width - 10, 400);
          await expect(page.getByRole("dialog")).toHaveCount(0);
          await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeFocused();
          menu = await mainMenu(page, viewport);
          await menu.getByRole("button", { name: setup.folder }).click();
        }
        await expect(page).toHaveURL(new RegExp(`${setup.home}$`));

        await folderItem(page, menu, viewport, last).click();
        await expect(page).toHaveURL(setup.destination);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByRole("dialog")).toHaveCount(0);
        // The folder holding the current page is marked, and so is the page's link (the
        // drawer opens that folder by itself).
        const again = await mainMenu(page, viewport);
        const folderAgain = again.getByRole("button", { name: setup.folder });
        await expect(folderAgain).toHaveAttribute("data-current", "");
        if (viewport === "desktop") await folderAgain.click();
        await expect(folderAgain).toHaveAttribute("aria-expanded", "true");
        await expect(folderItem(page, again, viewport, last)).toHaveAttribute(
          "aria-current",
          "page",
        );
      });

      test("keyboard: into a folder and to a page; Escape closes and returns focus", async ({
        page,
        context,
        baseURL,
      }) => {
        await openHome(page, context, baseURL!, realm);
        const menu = await mainMenu(page, viewport);
        const links = menu.getByRole("link");
        const folder = menu.getByRole("button", { name: setup.folder });
        const [first, ...rest] = setup.folderItems;
        if (viewport === "mobile") {
          // The drawer took focus; Tab goes from its close button into the menu.
          await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
          await page.keyboard.press("Tab");
        } else {
          await links.first().focus();
        }
        await expect(links.first()).toBeFocused();
        await expect(links.first()).toHaveAttribute("aria-current", "page");
        await tabTo(page, folder, menu);
        await page.keyboard.press("Enter");
        await expect(folder).toHaveAttribute("aria-expanded", "true");

        if (viewport === "desktop") {
          // A menu button: Enter opens it on its first item, arrows move, Escape closes it and
          // gives focus back to the button; Space opens it again; Enter follows an item.
          await expect(folderItem(page, menu, viewport, first)).toBeFocused();
          await page.keyboard.press("ArrowDown");
          await expect(folderItem(page, menu, viewport, rest[0]!)).toBeFocused();
          await page.keyboard.press("Escape");
          await expect(page.getByRole("menu")).toHaveCount(0);
          await expect(folder).toHaveAttribute("aria-expanded", "false");
          await expect(folder).toBeFocused();
          await page.keyboard.press("Space");
          await expect(folderItem(page, menu, viewport, first)).toBeFocused();
          for (const name of rest) {
            await page.keyboard.press("ArrowDown");
            await expect(folderItem(page, menu, viewport, name)).toBeFocused();
          }
        } else {
          // A disclosure in the drawer: Tab walks into it. The drawer traps focus (Tab and
          // Shift+Tab never leave it); Escape closes it and gives focus back to the menu button.
          await page.keyboard.press("Tab");
          await expect(folderItem(page, menu, viewport, first)).toBeFocused();
          const drawer = page.getByRole("dialog", { name: "Menu" });
          for (const key of [...Array(12).fill("Tab"), ...Array(4).fill("Shift+Tab")]) {
            await page.keyboard.press(key);
            expect(await isFocusedIn(drawer), key).toBe(true);
          }
          await page.keyboard.press("Escape");
          await expect(drawer).toHaveCount(0);
          const toggle = page.getByRole("button", { name: "Menu", exact: true });
          await expect(toggle).toBeFocused();
          await page.keyboard.press("Enter");
          await tabTo(page, folder, drawer);
          await page.keyboard.press("Space");
          await expect(folder).toHaveAttribute("aria-expanded", "true");
          for (const name of setup.folderItems) {
            await page.keyboard.press("Tab");
            await expect(folderItem(page, menu, viewport, name)).toBeFocused();
          }
        }
        await page.keyboard.press("Enter");
        await expect(page).toHaveURL(setup.destination);
      });

      test("buttons by viewer: signed out, guest, customer", async ({
        page,
        context,
        baseURL,
        request,
      }) => {
        const header = page.getByRole("banner");
        const liveNow = header.locator("a.header-live");
        // Signed out, at the realm's root (its home page): sign in and sign up, coming back here.
        await visit(page, `/realm/${realm}`);
        await expect(header.getByRole("link", { name: "Sign in" })).toHaveAttribute(
          "href",
          `/realm/${realm}/login?from=%2F`,
        );
        // On a phone the header's sign-up link is hidden (the drawer has it): found by its class.
        await expect(header.locator("a.header-sign-up")).toHaveAttribute(
          "href",
          `/realm/${realm}/signup?from=%2F`,
        );
        await expect(liveNow).toHaveCount(0);
        await expect(header.locator(".header-account")).toHaveCount(0);

        // A guest: the same buttons, and no live-now or personal items in the menu.
        if (realm === "arena") await signInAsGuest(context, baseURL!, realm);
        await visit(page, realm === "arena" ? "/realm/arena" : `${setup.home}?sort=new`);
        const from = realm === "arena" ? "%2F" : "%2Fhome%3Fsort%3Dnew";
        await expect(header.getByRole("link", { name: "Sign in" })).toHaveAttribute(
          "href",
          `/realm/${realm}/login?from=${from}`,
        );
        // On a phone, Sign up is in the menu drawer rather than beside Sign in.
        await expect(header.getByRole("link", { name: "Sign up" })).toBeVisible({
          visible: viewport === "desktop",
        });
        await expect(liveNow).toHaveCount(0);
        await expect(header.locator(".header-account")).toHaveCount(0);
        let menu = await mainMenu(page, viewport);
        await menu.getByRole("button", { name: setup.folder }).click();
        await expect(folderItem(page, menu, viewport, setup.folderItems[0])).toBeVisible();
        await expect(menu.getByRole("link", { name: setup.liveItem })).toHaveCount(0);
        await expect(folderItem(page, menu, viewport, setup.accountItem)).toHaveCount(0);

        // A customer: live now with the number of live events, the account, no sign-in.
        const init = await request.get("/api/v1/init?countEvents=LIVE", {
          headers: { Realm: realm, "X-Api-Key": DEMO_KEYS[realm], App: "e2e" },
        });
        const { eventCount } = (await init.json()) as { eventCount: number };
        expect(eventCount).toBeGreaterThan(0);
        // The guest's session cookie (scoped to the realm's path) would win over a new one.
        await context.clearCookies();
        await signInAs(context, baseURL!, realm, "CUSTOMER");
        await visit(page, setup.home);
        await expect(liveNow).toBeVisible();
        await expect(liveNow).toHaveAccessibleName(
          new RegExp(`^Live now, ${eventCount} live events$`),
        );
        await expect(liveNow).toHaveAttribute("href", `${setup.home}#livenow`);
        await expect(liveNow.locator(".header-count")).toHaveText(String(eventCount));
        await expect(header.getByRole("link", { name: "Sign in" })).toHaveCount(0);
        await expect(header.getByRole("link", { name: "Sign up" })).toHaveCount(0);
        if (realm === "arena") {
          // Arena has profiles: the account button is a profile switcher menu.
          const trigger = header.getByRole("button", { name: "Account and profiles" });
          await trigger.click();
          const switcher = page.getByRole("menu");
          await expect(switcher.getByRole("menuitem")).toHaveText([
            ...(ACCOUNT_BUILT ? ["My account"] : []),
            "Preferences",
            ...(HISTORY_BUILT ? ["History"] : []),
            "Switch profile",
          ]);
          await expect(switcher.getByRole("menuitem", { name: "Preferences" })).toHaveAttribute(
            "href",
            "/realm/arena/home?preferences=",
          );
          await expect(switcher.getByRole("menuitem", { name: "Switch profile" })).toHaveAttribute(
            "href",
            "/realm/arena/profiles",
          );
          await page.keyboard.press("Escape");
          await expect(switcher).toHaveCount(0);
          await expect(trigger).toBeFocused();
        } else if (HISTORY_BUILT) {
          // Liga has no profiles: the account button is a menu of the account and the history.
          await header.getByRole("button", { name: "Account", exact: true }).click();
          const accountMenu = page.getByRole("menu");
          await expect(accountMenu.getByRole("menuitem")).toHaveText([
            ...(ACCOUNT_BUILT ? ["My account"] : []),
            "History",
          ]);
          await expect(accountMenu.getByRole("menuitem", { name: "History" })).toHaveAttribute(
            "href",
            "/realm/liga/history",
          );
          await page.keyboard.press("Escape");
          await expect(accountMenu).toHaveCount(0);
        } else if (ACCOUNT_BUILT) {
          await expect(header.getByRole("link", { name: "My account" })).toHaveAttribute(
            "href",
            "/realm/liga/account",
          );
        } else {
          await expect(header.getByRole("link", { name: "My account" })).toHaveCount(0);
        }
        menu = await mainMenu(page, viewport);
        await expect(menu.getByRole("link", { name: setup.liveItem })).toBeVisible();
        await menu.getByRole("button", { name: setup.folder }).click();
        const accountItem = folderItem(page, menu, viewport, setup.accountItem);
        if (ACCOUNT_BUILT) await expect(accountItem).toBeVisible();
        else await expect(accountItem).toHaveCount(0);
      });
    });
  }

  test(`${realm}: desktop or mobile from the first paint, then following the window`, async ({
    page,
    browser,
    context,
    baseURL,
  }) => {
    // Without JavaScript: the stylesheet alone picks the mode.
    const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
    if (setup.viewer === "CUSTOMER") await signInAs(noScript, baseURL!, realm, "CUSTOMER");
    const plain = await noScript.newPage();
    for (const viewport of ["desktop", "mobile"] as const) {
      await plain.setViewportSize(VIEWPORTS[viewport]);
      await plain.goto(setup.home, { waitUntil: "domcontentloaded" });
      const bar = plain.getByRole("banner").getByRole("navigation", { name: "Main menu" });
      const toggle = plain.getByRole("button", { name: "Menu", exact: true });
      await expect(bar).toBeVisible({ visible: viewport === "desktop" });
      await expect(toggle).toBeVisible({ visible: viewport === "mobile" });
    }
    await noScript.close();

    await page.setViewportSize({ width: 1025, height: 800 });
    await openHome(page, context, baseURL!, realm);
    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-mode", "desktop");
    await expect(header).toHaveAttribute("data-layout", setup.layout);
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(header).toHaveAttribute("data-mode", "mobile");
    await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeVisible();
    await expect(header.getByRole("navigation", { name: "Main menu" })).toBeHidden();
  });
}

test("the two brands' homes, desktop and mobile: screenshots, and visibly different", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const styles: Record<string, Record<string, string>> = {};
  for (const realm of Object.keys(REALMS) as Realm[]) {
    // Customers: the header with every kind of button, and the featured live-now item.
    await signInAs(context, baseURL!, realm, "CUSTOMER");
    for (const viewport of Object.keys(VIEWPORTS) as Viewport[]) {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await page.goto(REALMS[realm].home);
      await page.locator("html[data-hydrated]").waitFor();
      const file = testInfo.outputPath(`${realm}-home-${viewport}.png`);
      await page.screenshot({ path: file });
      await testInfo.attach(`${realm} home, ${viewport}`, { path: file, contentType: "image/png" });
      if (viewport === "desktop") {
        styles[realm] = await page.evaluate(() => {
          const header = getComputedStyle(document.querySelector("header.site-header")!);
          const current = getComputedStyle(document.querySelector('header [aria-current="page"]')!);
          const featured = getComputedStyle(document.querySelector("header .menu-link-featured")!);
          return {
            headerBackground: header.backgroundColor,
            menuText: current.color,
            textTransform: current.textTransform,
            selectedMark: current.boxShadow,
            featured: featured.backgroundColor,
          };
        });
      }
    }
  }
  expect(styles.arena).toEqual({
    headerBackground: "rgb(11, 13, 18)",
    menuText: "rgb(242, 244, 248)",
    textTransform: "uppercase",
    selectedMark: "rgb(245, 180, 0) 0px -3px 0px 0px inset",
    featured: "rgb(225, 29, 46)",
  });
  expect(styles.liga).toEqual({
    headerBackground: "rgb(246, 247, 242)",
    menuText: "rgb(19, 32, 26)",
    textTransform: "none",
    selectedMark: "rgb(10, 125, 59) 0px -3px 0px 0px inset",
    featured: "rgb(10, 125, 59)",
  });
});

test.describe("a phone's header", () => {
  for (const realm of ["arena", "liga"] as const) {
    for (const width of [360, 390]) {
      test(`${realm} at ${width} px: one row; Sign up is in the menu and on the sign-in page`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/realm/${realm}/login`);
        await page.locator("html[data-hydrated]").waitFor();
        const header = page.getByRole("banner");
        const bar = await header.boundingBox();
        const logo = await header.locator(".site-logo").boundingBox();
        const signIn = await header.getByRole("link", { name: "Sign in" }).boundingBox();
        // Logo and buttons on one line, nothing past the screen's edge.
        expect(
          Math.abs(signIn!.y + signIn!.height / 2 - (logo!.y + logo!.height / 2)),
        ).toBeLessThan(4);
        expect(bar!.height).toBeLessThan(80);
        expect(signIn!.x + signIn!.width).toBeLessThanOrEqual(width);
        await expect(header.getByRole("link", { name: "Sign up" })).toBeHidden();
        // The sign-in page itself offers sign-up, also without script.
        await expect(
          page
            .getByRole("main")
            .getByRole("link", { name: /Sign up/ })
            .first(),
        ).toBeVisible();
        await header.getByRole("button", { name: "Menu", exact: true }).click();
        const drawer = page.getByRole("dialog", { name: "Menu" });
        await expect(drawer.getByRole("link", { name: "Sign up" })).toHaveAttribute(
          "href",
          `/realm/${realm}/signup?from=%2Flogin`,
        );
      });
    }
  }
});
