import type { Locator, Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { DEMO_PASSWORD, passwordSession, signIn } from "./signed-in.ts";
import { cards, freshAccount, platformCall, type Realm } from "./watching.ts";

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor();

/** The first card of the page's first rail: its item's link and its list toggle. */
async function firstRailCard(page: Page) {
  const item = page.locator(".block-rail .rail-item").first();
  const link = item.locator("a.card");
  await expect(link).toBeVisible();
  return { item, link, toggle: item.locator(".list-toggle") };
}

/** The item of a card link (`/realm/arena/vod/12` → VOD_VIDEO:12...). */
async function refOf(link: Locator): Promise<string> {
  const control = link.locator("xpath=following-sibling::div[contains(@class,'list-control')]");
  return (await control.locator('button[name="ref"]').getAttribute("value"))!;
}

/** Which lists hold `ref`, as the platform says. */
async function listsHolding(
  baseUrl: string,
  realm: Realm,
  account: { authorisationToken: string },
  ref: string,
) {
  const res = await platformCall(baseUrl, realm, `/v2/list-membership?ref=${ref}`, {
    token: account.authorisationToken,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { memberships: Record<string, string[]> }).memberships[ref];
}

async function signedInAs(realm: Realm, context: Parameters<typeof signIn>[0], baseUrl: string) {
  const account = await freshAccount(baseUrl, realm);
  await signIn(context, baseUrl, account.authorisationToken, account.refreshToken);
  return account;
}

/** A fresh arena account's home page, ready for script: its first rail card and that card's item. */
async function arenaHomeSignedIn(
  page: Page,
  context: Parameters<typeof signIn>[0],
  baseUrl: string,
) {
  const account = await signedInAs("arena", context, baseUrl);
  await page.goto("/realm/arena/home");
  await hydrated(page);
  const card = await firstRailCard(page);
  return { account, ...card, ref: await refOf(card.link) };
}

test.describe("add to and remove from a list", () => {
  // Fresh accounts (a proof-of-work challenge each) and axe over pages full of cards.
  test.slow();

  test("arena: a signed-in viewer adds a rail's card to My List by keyboard, and removes it", async ({
    page,
    context,
    baseURL,
  }) => {
    const { account, link, toggle, ref } = await arenaHomeSignedIn(page, context, baseURL!);
    await expect(toggle).toHaveAccessibleName("Add to My List");

    // Tab from the card reaches its control; Enter adds, the focus stays on it.
    await link.focus();
    await page.keyboard.press("Tab");
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAccessibleName("Remove from My List");
    await expect(toggle).toBeFocused();
    await expect(page.locator(".toast-message", { hasText: "Added to My List" })).toBeVisible();
    expect(await listsHolding(baseURL!, "arena", account, ref)).toEqual(["my-list"]);
    expect(await axeViolations(page)).toEqual([]);

    // The page itself is the same for everyone; the membership comes after it loads.
    await page.reload();
    await hydrated(page);
    const again = await firstRailCard(page);
    await expect(again.toggle).toHaveAccessibleName("Remove from My List");
    await again.link.focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await expect(again.toggle).toHaveAccessibleName("Add to My List");
    await expect(again.toggle).toBeFocused();
    await expect(page.locator(".toast-message", { hasText: "Removed from My List" })).toBeVisible();
    await expect.poll(() => listsHolding(baseURL!, "arena", account, ref)).toEqual([]);
    await page.reload();
    await hydrated(page);
    await expect((await firstRailCard(page)).toggle).toHaveAccessibleName("Add to My List");
  });

  test("a change that fails flips back, and a toast says so", async ({
    page,
    context,
    baseURL,
  }) => {
    const { account, link, toggle, ref } = await arenaHomeSignedIn(page, context, baseURL!);
    await page.route("**/list-item", (route) => route.abort("connectionfailed"));
    await link.hover();
    await toggle.click();
    await expect(
      page.locator(".toast-message", { hasText: "Your list could not be changed" }),
    ).toBeVisible();
    await expect(toggle).toHaveAccessibleName("Add to My List");
    expect(await listsHolding(baseURL!, "arena", account, ref)).toEqual([]);
  });

  test("a visitor who presses add signs in and comes back with the item added", async ({
    page,
    baseURL,
  }) => {
    // A demo account (new arena accounts confirm their email first), its session for checks.
    const session = await passwordSession(baseURL!, "arena", "viewer@arena.test");
    const account = { email: "viewer@arena.test", ...session };
    // Arena's root, its home page, is open to visitors who are not signed in.
    await page.goto("/realm/arena");
    await hydrated(page);
    const { link, toggle } = await firstRailCard(page);
    const ref = await refOf(link);
    const [type, id] = ref.split(":");
    await platformCall(baseURL!, "arena", `/v2/lists/my-list/items/${type}/${id}`, {
      method: "DELETE",
      token: account.authorisationToken,
    });
    await link.hover();
    await toggle.click();
    await expect(page).toHaveURL(/\/realm\/arena\/login\?from=%2Flist-item$/);
    await hydrated(page);
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(account.email);
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    // Back where they were (the profile picker opens over it, as after any arena sign-in).
    // (The root of a signed-in viewer is the home page.)
    await expect(page).toHaveURL(/\/realm\/arena(\/home)?(#profilesFromLogin)?$/, {
      timeout: 30_000,
    });
    // (Its toast may be gone already: sign-in's challenge takes a while on a busy machine.)
    expect(await listsHolding(baseURL!, "arena", account, ref)).toEqual(["my-list"]);
    // Under the profile picker (a modal dialog) the page is hidden from the accessibility tree.
    await expect((await firstRailCard(page)).toggle).toHaveAttribute(
      "aria-label",
      "Remove from My List",
    );
  });

  test("the my-list page shows what was added", async ({ page, context, baseURL }) => {
    const account = await signedInAs("arena", context, baseURL!);
    const [video] = await cards(baseURL!, "arena", "/v2/vods?rpp=1");
    const added = await platformCall(
      baseURL!,
      "arena",
      `/v2/lists/my-list/items/VOD_VIDEO/${video!.id}`,
      { method: "PUT", token: account.authorisationToken },
    );
    expect(added.status).toBe(200);
    await page.goto("/realm/arena/my-list");
    await expect(page.locator("main").getByRole("link", { name: video!.title })).toBeVisible();
  });

  test("without JavaScript the control is a form post that comes back", async ({
    browser,
    baseURL,
  }) => {
    const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const account = await signedInAs("arena", noScript, baseURL!);
    const page = await noScript.newPage();
    await page.goto("/realm/arena/home");
    const { link, toggle } = await firstRailCard(page);
    const ref = await refOf(link);
    await toggle.click();
    // Back on the same page (the toast needs script to show).
    await expect(page).toHaveURL(/\/realm\/arena\/home$/);
    expect(await listsHolding(baseURL!, "arena", account, ref)).toEqual(["my-list"]);
    await noScript.close();
  });

  test("liga: add to favourites from a watch page", async ({ page, context, baseURL }) => {
    const account = await signedInAs("liga", context, baseURL!);
    const [video] = await cards(baseURL!, "liga", "/v2/vods?rpp=1");
    await page.goto(`/realm/liga/vod/${video!.id}`);
    await hydrated(page);
    const info = page.locator(".watch-info");
    const add = info.getByRole("button", { name: /^(Add to favourites|Adicionar aos favoritos)$/ });
    await expect(add).toBeVisible();
    await add.click();
    const remove = info.getByRole("button", {
      name: /^(Remove from favourites|Remover dos favoritos)$/,
    });
    await expect(remove).toBeVisible();
    await expect(remove).toBeFocused();
    expect(await listsHolding(baseURL!, "liga", account, `VOD_VIDEO:${video!.id}`)).toEqual([
      "favourites",
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await page.reload();
    await hydrated(page);
    await expect(remove).toBeVisible();
    // Liga has no my list and no watchlists: one control, no menu.
    await expect(info.locator(".list-more")).toHaveCount(0);
  });
});
