import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { DEMO_KEYS } from "../fixtures/secrets.ts";
import { routeIsBuilt } from "./built-routes.ts";
import { expect, test } from "./fixtures.ts";
import { passwordSession, signInWithPassword } from "./signed-in.ts";

const hydrated = (page: Page) => page.waitForSelector("html[data-hydrated]");

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

/** Presses Tab until `name`d control has the focus (at most `max` times). */
async function tabTo(page: Page, locator: ReturnType<Page["locator"]>, max = 25) {
  for (let i = 0; i < max; i++) {
    if (await locator.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(locator).toBeFocused();
}

const cardTitleScale = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).getPropertyValue("--card-title-scale"));

test.describe("profiles", () => {
  test("switch to the child profile by keyboard: the menu loses account and preferences, titles grow; back to the adult needs the PIN", async ({
    page,
    context,
    baseURL,
  }) => {
    // A long walk: preferences, the picker three times, and axe over a home page whose every
    // card now carries its list control.
    test.setTimeout(120_000);
    await signInWithPassword(context, baseURL!, "arena", "viewer@arena.test");

    // As the adult: preferences set a PIN and restrict child profiles.
    await page.goto("/realm/arena/home?preferences");
    const preferences = page.getByRole("dialog", { name: "Preferences" });
    await expect(preferences).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await hydrated(page);
    await preferences.getByLabel("Ask for the PIN to leave child profiles").check();
    await preferences.getByLabel("New PIN").fill("2468");
    await preferences.getByRole("button", { name: "Save parental control" }).click();
    await expect(preferences.getByRole("status")).toHaveText("Parental control is updated.");
    await preferences.getByRole("link", { name: "Close" }).click();
    await expect(preferences).toHaveCount(0);

    const menu = page.getByRole("navigation", { name: "Main menu" });
    await menu.getByRole("button", { name: "More" }).click();
    // The account's item links to its page once that is built; never to a 404 before.
    await expect(page.getByRole("menuitem", { name: "Account" })).toHaveCount(
      routeIsBuilt("account") ? 1 : 0,
    );
    await expect(page.getByRole("menuitem", { name: "Preferences" })).toBeVisible();
    await page.keyboard.press("Escape");
    expect(await cardTitleScale(page)).toBe("1");

    // The picker, opened by its hash.
    await page.goto("/realm/arena/home#profiles");
    await hydrated(page);
    const picker = page.getByRole("dialog", { name: "Who's watching?" });
    await expect(picker).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const val = picker.getByRole("button", { name: /^Val/ });
    await expect(val).toHaveAttribute("aria-current", "true");
    const kid = picker.getByRole("button", { name: /^Kid/ });
    await tabTo(page, kid);
    await page.keyboard.press("Enter");
    await expect(picker).toHaveCount(0);
    await expect(page.locator(".toast", { hasText: "Profile switched." })).toBeVisible();
    expect(new URL(page.url()).hash).toBe("");

    // The child profile: the child font scale, no account or preferences anywhere.
    await expect.poll(() => cardTitleScale(page)).toBe("1.2");
    await menu.getByRole("button", { name: "More" }).click();
    await expect(page.getByRole("menuitem", { name: "News" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Account" })).toHaveCount(0);
    await expect(page.getByRole("menuitem", { name: "Preferences" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Account and profiles" }).click();
    await expect(page.getByRole("menuitem", { name: "Switch profile" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "My account" })).toHaveCount(0);
    await expect(page.getByRole("menuitem", { name: "Preferences" })).toHaveCount(0);

    // Back to the adult: the PIN is asked for, a wrong one refused.
    await page.getByRole("menuitem", { name: "Switch profile" }).click();
    await expect(picker).toBeVisible();
    await picker.getByRole("button", { name: /^Val/ }).click();
    const pin = picker.getByLabel("Parental PIN");
    await expect(pin).toBeFocused();
    await expect(picker.getByRole("alert")).toHaveText("Please enter the four-digit PIN.");
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.type("1111");
    await page.keyboard.press("Enter");
    await expect(picker.getByRole("alert")).toHaveText("That PIN is not right.");
    await pin.fill("2468");
    await page.keyboard.press("Enter");
    await expect(picker).toHaveCount(0);
    await expect.poll(() => cardTitleScale(page)).toBe("1");
  });

  test("Escape closes the picker and takes the hash away", async ({ page, context, baseURL }) => {
    await signInWithPassword(context, baseURL!, "arena", "admin@arena.test");
    await page.goto("/realm/arena/home#profilesFromLogin");
    await hydrated(page);
    const picker = page.getByRole("dialog", { name: "Who's watching?" });
    await expect(picker).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(picker).toHaveCount(0);
    await expect.poll(() => new URL(page.url()).hash).toBe("");
  });
});

test.describe("prompts of the signed-in account", () => {
  test("the consent prompt: required terms first, saved by keyboard, gone for good", async ({
    page,
    context,
    baseURL,
  }) => {
    await signInWithPassword(context, baseURL!, "arena", "fan@arena.test");
    await page.goto("/realm/arena");
    const prompt = page.getByRole("dialog", { name: "Before you go on" });
    await expect(prompt).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await hydrated(page);
    const save = prompt.getByRole("button", { name: "Save and continue" });
    await expect(save).toBeDisabled();
    await expect(
      prompt.getByRole("link", { name: "Read the document (opens in a new tab)" }),
    ).toHaveAttribute("target", "_blank");
    const terms = prompt.getByLabel(/I accept the terms and conditions/);
    await tabTo(page, terms);
    await page.keyboard.press("Space");
    await expect(save).toBeEnabled();
    await tabTo(page, save);
    await page.keyboard.press("Enter");
    await expect(prompt).toHaveCount(0);
    await expect(
      page.locator(".toast", { hasText: "Thanks, your answers are saved." }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("the missing-information form: errors after blur, submit held while any, phone sent without spaces", async ({
    page,
    context,
    baseURL,
  }) => {
    await signInWithPassword(context, baseURL!, "liga", "fan@liga.test");
    await page.goto("/realm/liga");
    // Consent comes first on liga too.
    const consent = page.getByRole("dialog", { name: "Before you go on" });
    await expect(consent).toBeVisible();
    await hydrated(page);
    await consent.getByLabel(/I accept the terms and conditions/).check();
    await consent.getByRole("button", { name: "Save and continue" }).click();

    const form = page.getByRole("dialog", { name: "A few more details" });
    await expect(form).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const tax = form.getByLabel("Tax number");
    const phone = form.getByLabel(/Phone number/);
    const birth = form.getByLabel(/Date of birth/);
    const save = form.getByRole("button", { name: "Save details" });
    await expect(save).toBeDisabled();
    // No error before the field is left.
    await tax.focus();
    await expect(form.getByText("This field is required.")).toHaveCount(0);
    await page.keyboard.press("Tab");
    await expect(form.getByText("This field is required.")).toBeVisible();
    await expect(tax).toHaveAttribute("aria-invalid", "true");
    await tax.fill("12.34");
    await expect(form.getByText("Please enter a valid tax number.")).toBeVisible();
    await tax.fill("123.456.789-09");
    await expect(tax).not.toHaveAttribute("aria-invalid");
    await expect(save).toBeEnabled();

    await birth.fill("02/04/1990");
    await birth.blur();
    await expect(form.getByText("Please enter your date of birth as YYYY-MM-DD.")).toBeVisible();
    await expect(save).toBeDisabled();
    expect(await axeViolations(page)).toEqual([]);
    await birth.fill("");
    await phone.fill("+55 11 91234 5678");
    await phone.press("Enter");
    await expect(form).toHaveCount(0);
    await expect(page.locator(".toast", { hasText: "Your details are saved." })).toBeVisible();

    const { authorisationToken } = await passwordSession(baseURL!, "liga", "fan@liga.test");
    const res = await fetch(`${baseURL}/api/v2/user/profile`, {
      headers: {
        App: "e2e-tests",
        Realm: "liga",
        "X-Api-Key": DEMO_KEYS.liga,
        Authorization: `Bearer ${authorisationToken}`,
      },
    });
    expect(await res.json()).toMatchObject({
      taxNumber: "123.456.789-09",
      phoneNumber: "+5511912345678",
      birthDate: null,
    });
  });
});

test("without JavaScript the preferences dialog's forms post and come back to the page", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await signInWithPassword(context, baseURL!, "liga", "admin@liga.test");
  await page.goto("/realm/liga/home?preferences");
  const dialog = page.getByRole("dialog", { name: "Preferences" });
  await expect(dialog).toBeVisible();
  const email = dialog.getByLabel("Send me news and offers by email");
  await expect(email).not.toBeChecked();
  await email.check();
  await dialog.getByRole("button", { name: "Save preferences" }).click();
  await expect(page).toHaveURL(/\/realm\/liga\/home\?preferences=?$/);
  await expect(dialog.getByLabel("Send me news and offers by email")).toBeChecked();
  // Closing is a link back to the page without the flag.
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/realm\/liga\/home$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await context.close();
});
