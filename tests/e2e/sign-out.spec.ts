import type { Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signInAs } from "./signed-in.ts";
import { recordToasts, toasts } from "./toasts.ts";

const hydrated = (page: Page) => page.waitForSelector("html[data-hydrated]");

/** Whether the browser is still signed in to arena: sign-in sends a signed-in viewer on. */
async function expectSignedIn(page: Page) {
  await page.goto("/realm/arena/login");
  await expect(page).toHaveURL(/\/realm\/arena\/home$/);
}

test.describe("sign-out", () => {
  test("another site's link opens the question, its form is refused; only our button signs out", async ({
    page,
    context,
    baseURL,
  }) => {
    await signInAs(context, baseURL!, "arena", "CUSTOMER");
    // The toast lives 3.3 s: on a busy machine a check can miss it, so it is recorded.
    await recordToasts(page);
    const logout = `${baseURL}/realm/arena/logout`;
    await page.route("http://attacker.localhost/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>Win</title>
          <img src="${logout}" alt="">
          <a href="${logout}">Claim your prize</a>
          <form method="post" action="${logout}"><button>Claim by form</button></form>`,
      }),
    );

    await page.goto("http://attacker.localhost/");
    await page.getByRole("link", { name: "Claim your prize" }).click();
    await expect(page).toHaveURL(/\/realm\/arena\/logout$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log out?");
    await expectSignedIn(page);

    await page.goto("http://attacker.localhost/");
    const refused = page.waitForResponse(logout);
    await page.getByRole("button", { name: "Claim by form" }).click();
    expect((await refused).status()).toBe(403);
    await expectSignedIn(page);

    const confirm = await page.goto("/realm/arena/logout");
    expect(confirm!.headers()["cache-control"]).toBe("private, no-store");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Log out", exact: true }).click();
    await expect
      .poll(async () => (await toasts(page)).join(" | "))
      .toContain("You have signed out.");
    await expect(page).toHaveURL(/\/realm\/arena$/);
    await page.goto("/realm/arena/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  });

  test("the menu's sign-out item is a form's button, used from the keyboard", async ({
    page,
    context,
    baseURL,
  }) => {
    await signInAs(context, baseURL!, "arena", "CUSTOMER");
    // The toast lives 3.3 s: on a busy machine a check can miss it, so it is recorded.
    await recordToasts(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/realm/arena/home");
    await hydrated(page);
    const menu = page.getByRole("banner").getByRole("navigation", { name: "Main menu" });
    await menu.getByRole("button", { name: "More" }).click();
    const item = page.getByRole("menu").getByRole("menuitem", { name: "Sign out" });
    await expect(item).toBeVisible();
    expect(await item.evaluate((element) => element.tagName)).toBe("BUTTON");
    const form = item.locator("xpath=ancestor::form[1]");
    await expect(form).toHaveClass("menu-form");
    await expect(form).toHaveAttribute("method", "post");
    await expect(form).toHaveAttribute("action", "/realm/arena/logout");
    await item.focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(async () => (await toasts(page)).join(" | "))
      .toContain("You have signed out.");
    await page.goto("/realm/arena/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  });

  test("works without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    await signInAs(context, baseURL!, "arena", "CUSTOMER");
    const page = await context.newPage();
    await page.goto("/realm/arena/logout");
    await page.getByRole("button", { name: "Log out", exact: true }).click();
    await expect(page).toHaveURL(/\/realm\/arena$/);
    await page.goto("/realm/arena/login");
    await expect(page.getByRole("status")).toContainText("You have signed out.");
    await context.close();
  });

  test("is asked in the viewer's language", async ({ browser, baseURL }) => {
    for (const [locale, title, button, stay] of [
      ["pt-BR", "Sair da conta?", "Sair", "Continuar conectado"],
      ["es", "¿Cerrar sesión?", "Cerrar sesión", "Seguir conectado"],
    ]) {
      const context = await browser.newContext({ baseURL, locale });
      await signInAs(context, baseURL!, "liga", "CUSTOMER");
      const page = await context.newPage();
      await page.goto("/realm/liga/logout");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title!);
      await expect(page.getByRole("button", { name: button, exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: stay })).toHaveAttribute("href", "/realm/liga");
      await context.close();
    }
  });
});
