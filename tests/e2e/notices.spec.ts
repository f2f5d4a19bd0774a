import AxeBuilder from "@axe-core/playwright";
import { errorToasts, recordErrorToasts } from "./toasts.ts";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "@playwright/test";
import { expect, test, VPN_HEADER } from "./fixtures.ts";
import { signIn, tokenFor } from "./signed-in.ts";

const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";
const IE11 = "Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko";

async function newPage(browser: Browser, baseURL: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ baseURL, ...options });
  return { context, page: await context.newPage() };
}

const hydrated = (page: Page) => page.waitForSelector("html[data-hydrated]");

let customers = 100;
/**
 * Arena's pages are for signed-in customers (no full guest access). Each test signs in as a
 * customer of its own, since promo dismissals are kept per viewer.
 */
async function asArenaCustomer(context: BrowserContext, baseURL: string) {
  customers += 1;
  await signIn(context, baseURL, await tokenFor("arena", "CUSTOMER", String(customers)));
}

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

test.describe("cookie banner", () => {
  test("slides in until agreed by keyboard; the agreement survives a reload, with no flash", async ({
    page,
    context,
    baseURL,
  }) => {
    await page.goto("/realm/liga");
    const banner = page.getByRole("region", { name: "Cookies on this site" });
    await expect(banner).toBeVisible();
    expect(await banner.evaluate((el) => getComputedStyle(el).animationDuration)).toBe("0.5s");
    await expect(banner.getByRole("link", { name: "Read our cookie policy" })).toHaveAttribute(
      "href",
      "https://www.ligaplay.example/privacidade/cookies",
    );
    await hydrated(page);
    // After "Skip to content", the banner comes first in the page: the next stops of the
    // keyboard are its link and button.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(banner.getByRole("link")).toBeFocused();
    await page.keyboard.press("Tab");
    const agree = banner.getByRole("button", { name: "I agree" });
    await expect(agree).toBeFocused();
    // When the toast the action leaves comes and goes, as the page saw it: a busy machine may
    // notice either late, never early.
    const thanks = "Thanks, your cookie choice is saved.";
    await page.evaluate((text) => {
      const seen: { shown?: number; gone?: number } = {};
      (window as unknown as { toastSeen: typeof seen }).toastSeen = seen;
      new MutationObserver(() => {
        const toast = [...document.querySelectorAll(".toast")].some((el) =>
          el.textContent?.includes(text),
        );
        if (toast && seen.shown === undefined) seen.shown = performance.now();
        if (!toast && seen.shown !== undefined) seen.gone ??= performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    }, thanks);
    await page.keyboard.press("Enter");
    await expect(banner).toHaveCount(0);

    // The toast: announced, then gone on its own after SHORT (1.5 s) and its exit.
    const toast = page.locator(".toast", { hasText: thanks });
    await expect(toast).toBeVisible();
    await expect(toast).toHaveCount(0, { timeout: 5_000 });
    const seen = await page.evaluate(
      () => (window as unknown as { toastSeen: { shown: number; gone: number } }).toastSeen,
    );
    expect(seen.gone - seen.shown).toBeGreaterThanOrEqual(1_500);

    const reloaded = await page.reload();
    expect(await reloaded!.text()).not.toContain("cookie-banner");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Liga Play");
    await expect(page.getByRole("region", { name: "Cookies on this site" })).toHaveCount(0);
    // Agreeing in one realm is not agreeing to another realm's policy.
    await asArenaCustomer(context, baseURL!);
    await page.goto("/realm/arena");
    await expect(page.getByRole("region", { name: "Cookies on this site" })).toBeVisible();
  });

  test("does not move with reduced motion", async ({ browser, baseURL }) => {
    const { context, page } = await newPage(browser, baseURL!, { reducedMotion: "reduce" });
    await page.goto("/realm/liga");
    const banner = page.getByRole("region", { name: "Cookies on this site" });
    expect(await banner.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    await context.close();
  });

  test("works without JavaScript: the form posts and comes back to the page", async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await newPage(browser, baseURL!, { javaScriptEnabled: false });
    await page.goto("/realm/liga/browse");
    await page.getByRole("button", { name: "I agree" }).click();
    await expect(page).toHaveURL(/\/realm\/liga\/browse$/);
    await expect(page.getByRole("region", { name: "Cookies on this site" })).toHaveCount(0);
    await context.close();
  });
});

test.describe("smart app banner", () => {
  test("offers liga's Android app to Android only, and remembers a dismissal", async ({
    browser,
    baseURL,
    page,
  }) => {
    await page.goto("/realm/liga");
    await expect(page.getByRole("region", { name: "Our Android app" })).toHaveCount(0);

    const android = await newPage(browser, baseURL!, { userAgent: ANDROID });
    await asArenaCustomer(android.context, baseURL!);
    await android.page.goto("/realm/arena");
    // Arena has no app.
    await expect(android.page.getByRole("region", { name: "Our Android app" })).toHaveCount(0);
    await android.page.goto("/realm/liga");
    const banner = android.page.getByRole("region", { name: "Our Android app" });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("link", { name: /Get the app/ })).toHaveAttribute(
      "href",
      "https://play.google.com/store/apps/details?id=com.ligaplay.android",
    );
    await hydrated(android.page);
    await banner.getByRole("button", { name: "Dismiss the app banner" }).click();
    await expect(banner).toHaveCount(0);
    // The dismissal reaches the server before the page is loaded again.
    await expect
      .poll(async () => (await android.context.cookies()).some((c) => c.name === "notices_liga"))
      .toBe(true);
    const reloaded = await android.page.reload();
    expect(await reloaded!.text()).not.toContain("smart-banner");
    await android.context.close();
  });
});

test.describe("out-of-date browser", () => {
  test("Internet Explorer is asked to use Chrome, on the server's first HTML", async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await newPage(browser, baseURL!, {
      userAgent: IE11,
      javaScriptEnabled: false,
    });
    for (const path of ["/realm/liga", "/"]) {
      await page.goto(path);
      const prompt = page.getByRole("region", { name: "Out-of-date browser" });
      await expect(prompt).toContainText("Your browser is out of date.");
      await expect(prompt.getByRole("link", { name: "Get Google Chrome" })).toHaveAttribute(
        "href",
        "https://www.google.com/chrome/",
      );
    }
    await context.close();
  });

  test("other browsers are not", async ({ page }) => {
    await page.goto("/realm/liga");
    await expect(page.getByRole("region", { name: "Out-of-date browser" })).toHaveCount(0);
  });
});

test.describe("promo notification", () => {
  test("is asked for once after load, takes no focus, and stays dismissed", async ({
    page,
    context,
    baseURL,
  }) => {
    await asArenaCustomer(context, baseURL!);
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith("/promo-notification")) {
        asked.push(request.method());
      }
    });
    await page.goto("/realm/arena");
    const card = page.getByRole("complementary", { name: "Road to AFC 212" });
    await expect(card).toBeVisible();
    await expect(card.getByRole("link", { name: "Watch the build-up" })).toHaveAttribute(
      "href",
      /^\/realm\/arena\/playlist\/\d+$/,
    );
    await expect(card.getByRole("img")).toHaveCount(0); // decorative image: alt=""
    expect(await card.locator("img").getAttribute("width")).toBe("410");
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("BODY");
    expect(await card.getAttribute("aria-modal")).toBeNull();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // Client-side navigation keeps the page's answer: nothing is asked again.
    await page.evaluate(() =>
      (
        window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }
      ).__remixRouter.navigate("/realm/arena/section/fight-nights"),
    );
    await expect(page).toHaveURL(/fight-nights$/);
    await expect(card).toBeVisible();
    expect(asked).toEqual(["GET"]);

    // Closed from the keyboard: it goes, and the platform is told.
    await card.getByRole("button", { name: "Close" }).focus();
    const dismissed = page.waitForResponse(
      (r) => r.url().endsWith("/promo-notification") && r.request().method() === "POST",
    );
    await page.keyboard.press("Enter");
    await expect(card).toHaveCount(0);
    expect((await dismissed).status()).toBe(200);

    await page.reload();
    const next = page.getByRole("complementary", { name: "Save 40% with an annual pass" });
    await expect(next).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Road to AFC 212" })).toHaveCount(0);
    expect(asked).toEqual(["GET", "POST", "GET"]);

    // Escape from inside closes it too, and focus moves on to the page rather than the void.
    await next.getByRole("link").focus();
    await page.keyboard.press("Escape");
    await expect(next).toHaveCount(0);
    await expect(page.locator("main#main")).toBeFocused();
  });

  test("is not asked for where the realm has none", async ({ page }) => {
    const asked: string[] = [];
    page.on("request", (r) => r.url().includes("promo-notification") && asked.push(r.url()));
    await page.goto("/realm/liga");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    expect(asked).toEqual([]);
    await expect(page.locator(".promo-notification")).toHaveCount(0);
  });

  test("says so in an error toast when the dismissal cannot be saved", async ({
    page,
    context,
    baseURL,
  }) => {
    await asArenaCustomer(context, baseURL!);
    let refused = 0;
    await page.route("**/realm/arena/promo-notification", (route) => {
      if (route.request().method() !== "POST") return route.continue();
      refused += 1;
      return route.fulfill({ status: 503, json: { status: 503, messages: ["down"] } });
    });
    await recordErrorToasts(page);
    await page.goto("/realm/arena");
    await hydrated(page);
    const card = page.getByRole("complementary", { name: "Road to AFC 212" });
    await expect(card).toBeVisible();
    await card.getByRole("button", { name: "Close" }).click();
    await expect(card).toHaveCount(0);
    await expect.poll(() => refused).toBe(1);
    await expect
      .poll(() => errorToasts(page))
      .toEqual([expect.stringContaining("We couldn't save that you closed this offer")]);
  });
});

test.describe("VPN", () => {
  test("a VPN the realm does not allow gets vpnErrorMessage with a log-out action", async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await newPage(browser, baseURL!, {
      extraHTTPHeaders: { [VPN_HEADER]: "vpn" },
    });
    await asArenaCustomer(context, baseURL!);
    const response = await page.goto("/realm/arena");
    expect(response!.headers()["cache-control"]).toBe("private, no-store");
    const notice = page.getByRole("alert").filter({ hasText: "using a VPN or proxy" });
    await expect(notice).toBeVisible();
    // Signing out is a form post (a link on another site must not sign the viewer out).
    const logOut = notice.getByRole("button", { name: "Log out" });
    await expect(logOut).toBeVisible();
    await expect(logOut.locator("xpath=ancestor::form[1]")).toHaveAttribute(
      "action",
      "/realm/arena/logout",
    );
    // The page is still there under the notice.
    await expect(page.getByRole("heading", { name: "AFC 24/7" })).toBeVisible();
    // Liga allows VPNs.
    await page.goto("/realm/liga");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Liga Play");
    await expect(page.getByRole("alert").filter({ hasText: "VPN" })).toHaveCount(0);
    await context.close();
  });

  test("a VPN the edge blocks gets only the blocking message", async ({ browser, baseURL }) => {
    const { context, page } = await newPage(browser, baseURL!, {
      extraHTTPHeaders: { [VPN_HEADER]: "blocked" },
    });
    await asArenaCustomer(context, baseURL!);
    await page.goto("/realm/arena");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not available over a VPN");
    await expect(page.getByRole("heading", { name: "AFC 24/7" })).toHaveCount(0);
    await expect(page.locator(".promo-notification")).toHaveCount(0);
    await context.close();
  });

  test("without the edge's header nothing is said", async ({ page, context, baseURL }) => {
    await asArenaCustomer(context, baseURL!);
    await page.goto("/realm/arena");
    await expect(page.getByRole("heading", { name: "AFC 24/7" })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "VPN" })).toHaveCount(0);
  });
});

test.describe("viewer role", () => {
  test("a guest's page has the guest body class, a customer's does not", async ({
    page,
    context,
    baseURL,
  }) => {
    // The realm's root is open to visitors; its content pages check them in as guests.
    await page.goto("/realm/liga");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Liga Play");
    await expect(page.locator("body")).not.toHaveClass(/\bguest\b/);
    await page.goto("/realm/liga/browse");
    await expect(page).toHaveURL(/\/realm\/liga\/browse$/);
    await expect(page.locator("body")).toHaveClass(/\bguest\b/);
    await page.goto("/realm/liga");
    await expect(page.locator("body")).toHaveClass(/\bguest\b/);
    await context.clearCookies();
    await signIn(context, baseURL!, await tokenFor("liga", "CUSTOMER"));
    await page.goto("/realm/liga/browse");
    await expect(page.locator("body")).not.toHaveClass(/\bguest\b/);
  });
});

test.describe("feedback while waiting", () => {
  test("a slow client-side navigation shows the progress bar and skeletons, then the page", async ({
    page,
  }) => {
    await page.goto("/realm/liga");
    await hydrated(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/realm/liga/browse.data**", async (route) => {
      await held;
      await route.continue();
    });
    await page.evaluate(() => {
      void (
        window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }
      ).__remixRouter.navigate("/realm/liga/browse");
    });
    await expect(page.getByRole("progressbar", { name: "Loading…" })).toBeVisible();
    const skeleton = page.locator(".page-skeleton");
    await expect(skeleton).toBeVisible();
    await expect(skeleton).toHaveAttribute("aria-busy", "true");
    await expect(page.getByRole("heading", { level: 1, name: "Liga Play" })).toBeHidden();
    release();
    await expect(page).toHaveURL(/\/browse$/);
    await expect(skeleton).toHaveCount(0);
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    await expect(page.locator(".page-content .layout")).toBeVisible();
  });
});

test.describe("accessibility with the notices showing", () => {
  test("axe passes with the VPN notice, promo card and cookie banner", async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await newPage(browser, baseURL!, {
      extraHTTPHeaders: { [VPN_HEADER]: "vpn" },
    });
    await asArenaCustomer(context, baseURL!);
    await page.goto("/realm/arena");
    await expect(page.getByRole("complementary", { name: "Road to AFC 212" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Cookies on this site" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  test("axe passes with the app banner and cookie banner on a phone", async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await newPage(browser, baseURL!, {
      userAgent: ANDROID,
      viewport: { width: 390, height: 844 },
    });
    await page.goto("/realm/liga");
    await expect(page.getByRole("region", { name: "Our Android app" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  test("axe passes with the out-of-date browser prompt and a toast", async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await newPage(browser, baseURL!, { userAgent: IE11 });
    await page.goto("/realm/liga");
    await hydrated(page);
    await page.getByRole("button", { name: "I agree" }).click();
    await expect(page.locator(".toast")).toBeVisible();
    // F8 takes focus to the toasts, which holds them open while axe looks.
    await page.keyboard.press("F8");
    await expect(page.getByRole("region", { name: "Out-of-date browser" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
