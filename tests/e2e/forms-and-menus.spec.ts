import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { routeIsBuilt } from "./built-routes.ts";
import { DEMO_PASSWORD, signIn, signInAs, signInAsGuest } from "./signed-in.ts";
import { freshAccount } from "./watching.ts";

const HISTORY_BUILT = routeIsBuilt("history");

/** Opens a page and waits until it is interactive. */
async function visit(page: Page, path: string) {
  await page.goto(path, { waitUntil: "domcontentloaded" });
  await page.locator("html[data-hydrated]").waitFor();
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function inside(inner: Box, outer: Box): boolean {
  return (
    inner.y >= outer.y - 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5 &&
    inner.x >= outer.x - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5
  );
}

/** The boxes of every notice shown at the bottom of the window (promo and cookie banner). */
async function noticeBoxes(page: Page): Promise<Box[]> {
  const notices = page.locator(".notice-dock > *");
  const boxes: Box[] = [];
  for (const notice of await notices.all()) {
    const box = await notice.boundingBox();
    if (box && box.width > 0 && box.height > 0) boxes.push(box);
  }
  return boxes;
}

test.describe("history from the account menu and the drawer", () => {
  test.skip(!HISTORY_BUILT, "the history page is not built");

  test("arena and liga, desktop: the account menu offers History to signed-in viewers", async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    // An account of each realm's own (a liga account made through its API reads Portuguese),
    // whose history the platform answers.
    const names = {
      arena: { item: "History", heading: "Watch history" },
      liga: { item: "Histórico", heading: "Histórico" },
    };
    for (const realm of ["arena", "liga"] as const) {
      await context.clearCookies();
      const account = await freshAccount(baseURL!, realm);
      await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
      await visit(page, `/realm/${realm}/home`);
      const trigger = page.getByRole("banner").locator("button.header-account");
      await trigger.click();
      const history = page.getByRole("menu").getByRole("menuitem", { name: names[realm].item });
      await expect(history).toHaveAttribute("href", `/realm/${realm}/history`);
      await history.click();
      await expect(page).toHaveURL(new RegExp(`/realm/${realm}/history$`));
      await expect(
        page.getByRole("heading", { level: 1, name: names[realm].heading }),
      ).toBeVisible();
    }
  });

  for (const width of [360, 390]) {
    test(`arena at ${width} px: the drawer offers History to a customer, not to a guest`, async ({
      page,
      context,
      baseURL,
    }) => {
      await page.setViewportSize({ width, height: 844 });
      await signInAs(context, baseURL!, "arena", "CUSTOMER");
      await visit(page, "/realm/arena/home");
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      const drawer = page.getByRole("dialog", { name: "Menu" });
      const history = drawer.getByRole("link", { name: "History", exact: true });
      await expect(history).toHaveAttribute("href", "/realm/arena/history");
      const drawerBox = await boxOf(drawer);
      await history.scrollIntoViewIfNeeded();
      expect((await boxOf(history)).x + (await boxOf(history)).width).toBeLessThanOrEqual(
        drawerBox.x + drawerBox.width + 0.5,
      );

      await context.clearCookies();
      await signInAsGuest(context, baseURL!, "arena");
      await visit(page, "/realm/arena");
      await expect(page.locator("button.header-account")).toHaveCount(0);
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      await expect(
        page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "History" }),
      ).toHaveCount(0);
    });
  }
});

test("arena: a guest's Home item leads to the landing page, a customer's to the home page", async ({
  page,
  context,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAsGuest(context, baseURL!, "arena");
  await visit(page, "/realm/arena");
  const nav = page.getByRole("banner").getByRole("navigation", { name: "Main menu" });
  const home = nav.getByRole("link", { name: "Home", exact: true });
  await expect(home).toHaveAttribute("href", "/realm/arena");
  await home.click();
  await expect(page).toHaveURL(/\/realm\/arena$/);

  await context.clearCookies();
  await signInAs(context, baseURL!, "arena", "CUSTOMER");
  await visit(page, "/realm/arena/home");
  await expect(home).toHaveAttribute("href", "/realm/arena/home");
});

test.describe("the More menu fits its items", () => {
  // The browser asks for English, which liga's menu has too.
  const realms = {
    arena: { folder: "More", last: "Sign out" },
    liga: { folder: "More", last: "Sign out" },
  } as const;
  for (const [realm, { folder, last }] of Object.entries(realms)) {
    for (const height of [600, 900]) {
      test(`${realm} at 1366x${height}: at most 300 px high, the last item reachable by keyboard and mouse`, async ({
        page,
        context,
        baseURL,
      }) => {
        await page.setViewportSize({ width: 1366, height });
        await signInAs(context, baseURL!, realm, "CUSTOMER");
        await visit(page, `/realm/${realm}/home`);
        const nav = page.getByRole("banner").getByRole("navigation", { name: "Main menu" });
        await nav.getByRole("button", { name: folder }).click();
        const menu = page.getByRole("menu");
        const lastItem = menu.getByRole("menuitem", { name: last });
        await expect(lastItem).toHaveCount(1);
        const menuBox = await boxOf(menu);
        expect(menuBox.height).toBeLessThanOrEqual(300.5);
        expect(menuBox.y + menuBox.height).toBeLessThanOrEqual(height);

        // Keyboard: End moves to the last item, which is scrolled into view.
        await page.keyboard.press("ArrowDown");
        await page.keyboard.press("End");
        await expect(lastItem).toBeFocused();
        expect(inside(await boxOf(lastItem), await boxOf(menu))).toBe(true);

        // Mouse: scrolled back to the top, the wheel brings it into view and it takes the pointer.
        await menu.evaluate((element) => element.scrollTo(0, 0));
        const box = await boxOf(menu);
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.wheel(0, 600);
        await expect.poll(async () => inside(await boxOf(lastItem), await boxOf(menu))).toBe(true);
        const item = await boxOf(lastItem);
        const hit = await page.evaluate(
          ({ x, y }) => document.elementFromPoint(x, y)?.textContent?.trim() ?? null,
          { x: item.x + item.width / 2, y: item.y + item.height / 2 },
        );
        expect(hit).toBe(last);
      });
    }
  }
});

test.describe("notices never cover a form", () => {
  for (const size of [
    { width: 390, height: 844 },
    { width: 360, height: 740 },
  ]) {
    for (const path of ["login", "signup"]) {
      test(`arena ${path} at ${size.width}x${size.height}: the password field and the button are clear`, async ({
        page,
      }) => {
        await page.setViewportSize(size);
        await visit(page, `/realm/arena/${path}`);
        // The cookie banner is there (docked clear of the form), the promo waits for another page.
        await expect(page.locator(".cookie-banner")).toBeVisible();
        await expect(page.locator(".promo-notification")).toHaveCount(0);
        // Let the banner's slide-in end before measuring.
        await page.waitForTimeout(700);
        const password = page.locator('input[name="password"]');
        const submit = page
          .getByRole("main")
          .getByRole("button", { name: path === "login" ? "Sign in" : "Create account" });
        for (const target of [password, submit]) {
          await target.scrollIntoViewIfNeeded();
          const box = await boxOf(target);
          for (const notice of await noticeBoxes(page)) expect(overlaps(box, notice)).toBe(false);
        }
      });
    }
  }

  test("arena: the promo notification still shows on the landing page", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, "/realm/arena");
    await expect(page.locator(".promo-notification")).toBeVisible();
  });
});

test.describe("sign-up after fixing an error", () => {
  for (const width of [1366, 390]) {
    test(`liga at ${width} px: one mouse click on Create account sends the form, phone with spaces and dashes accepted`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await visit(page, "/realm/liga/signup");
      const email = page.getByRole("textbox", { name: "Email", exact: true });
      const button = page.getByRole("button", { name: "Create account" });
      await email.fill("not-an-address");
      await page.locator('input[name="password"]').fill("secret-12");
      await page.getByLabel("Tax number").fill("123.456.789-09");
      await page.getByLabel("Country").selectOption("BR");
      await page.getByLabel("Phone number").fill("+55 11 91234-5678");
      // Sent with a wrong address: the problem is shown above the form and under the field.
      await button.click();
      await expect(page.getByRole("alert")).toHaveText("Please enter a valid email address.");
      await expect(email).toBeFocused();
      // Fixed, still focused: pressing the button takes focus away from the field.
      await email.fill(`e2e.firstclick.${width}@liga.test`);
      await button.scrollIntoViewIfNeeded();
      const box = await boxOf(button);
      // A person clicks anywhere on the button: here in its lower part.
      await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.8);
      await page.mouse.down();
      await page.mouse.up();
      await expect(page).toHaveURL(/\/realm\/liga\/home$/);
    });
  }
});

test.describe("sign-in after fixing an error", () => {
  for (const width of [1366, 390]) {
    test(`liga at ${width} px: one mouse click on Sign in sends the form`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await visit(page, "/realm/liga/login");
      const email = page.getByRole("textbox", { name: "Email", exact: true });
      const button = page.getByRole("button", { name: "Sign in", exact: true });
      await email.fill("not-an-address");
      await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
      await button.click();
      await expect(page.getByRole("alert")).toHaveText("Please enter a valid email address.");
      await expect(email).toBeFocused();
      // Fixed, still focused: pressing the button takes focus away from the field, and the
      // problem's text must not collapse under the pointer.
      await email.fill("viewer@liga.test");
      await button.scrollIntoViewIfNeeded();
      const box = await boxOf(button);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.8);
      await page.mouse.down();
      expect((await boxOf(button)).y).toBe(box.y);
      await page.mouse.up();
      await expect(page).not.toHaveURL(/\/login/);
    });
  }
});
