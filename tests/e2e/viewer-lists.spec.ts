import type { Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signIn } from "./signed-in.ts";
import { cards, freshAccount, platformCall, type Realm } from "./watching.ts";

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor();

/**
 * Axe on the page at rest: the pointer is moved off the button just clicked, whose hover
 * colours are the realm theme's (checked with the theme), not this page's.
 */
async function axeAtRest(page: Page) {
  await page.mouse.move(0, 0);
  return axeViolations(page);
}

/** Adds an item to one of the account's lists through the platform API. */
async function addToList(
  baseUrl: string,
  realm: Realm,
  token: string,
  listId: string,
  card: { type: string; id: number },
) {
  const res = await platformCall(
    baseUrl,
    realm,
    `/v2/lists/${listId}/items/${card.type}/${card.id}`,
    { method: "PUT", token },
  );
  expect(res.status, await res.clone().text()).toBe(200);
}

/**
 * The cards' titles in list order, by the element each card link is labelled by. A card whose
 * label is not in the page (yet, or any more) reads as null rather than throwing, so a poll
 * keeps looking until the list settles instead of failing on the first look mid-update.
 */
const titles = (page: Page) =>
  page.locator("ol.lists-items > li a.card").evaluateAll((links) =>
    links.map((a) => {
      const id = a.getAttribute("aria-labelledby");
      return (id && document.getElementById(id)?.textContent) ?? null;
    }),
  );

test.describe("viewer lists", () => {
  test("an arena viewer's my list: items added elsewhere, reordered and removed", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "arena");
    const token = account.authorisationToken;
    const videos = (await cards(baseURL!, "arena", "/v2/vods?rpp=3")).slice(0, 3);
    for (const video of videos) await addToList(baseURL!, "arena", token, "my-list", video);
    await signIn(context, baseURL!, token, account.refreshToken);

    const response = await page.goto("/realm/arena/my-list");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page).toHaveTitle("My list · Arena Fight Pass");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    await expect(page.getByRole("heading", { level: 1, name: "My list" })).toBeVisible();
    // Newest first.
    const [a, b, c] = videos.map((v) => v.title);
    expect(await titles(page)).toEqual([c, b, a]);
    expect(await axeAtRest(page)).toEqual([]);
    await hydrated(page);

    // Move the first one down, by keyboard.
    const down = page.getByRole("button", { name: `Move ${c} down` });
    await down.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => titles(page)).toEqual([b, c, a]);
    await expect(page.getByRole("button", { name: `Move ${c} down` })).toBeFocused();

    // Remove one: it goes, the others stay in order.
    await page.getByRole("button", { name: `Remove ${b}` }).click();
    await expect.poll(() => titles(page)).toEqual([c, a]);
    await expect(page.getByText("2 items")).toBeVisible();

    // The platform holds the new order.
    const detail = await platformCall(baseURL!, "arena", "/v2/lists/my-list", { token });
    const body = (await detail.json()) as { items: { title: string }[] };
    expect(body.items.map((i) => i.title)).toEqual([c, a]);
  });

  test("an arena viewer creates, renames and deletes a watchlist", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "arena");
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
    await page.goto("/realm/arena/watchlists");
    await expect(page.getByRole("heading", { level: 1, name: "Watchlists" })).toBeVisible();
    await expect(page.getByText("You have no watchlists yet.")).toBeVisible();
    expect(await axeAtRest(page)).toEqual([]);
    await hydrated(page);

    // A blank name is refused with a message, and nothing is created.
    const name = page.getByLabel("Watchlist name", { exact: true });
    await name.fill("   ");
    await page.getByRole("button", { name: "Create watchlist" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Give the watchlist a name of 1 to 60 characters.",
    );

    await name.fill("Title fights");
    await page.getByRole("button", { name: "Create watchlist" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Title fights" })).toBeVisible();
    await expect(page.getByText("This watchlist is empty.")).toBeVisible();

    const rename = page.getByLabel("New name for Title fights");
    await rename.fill("Classics");
    await page.getByRole("button", { name: "Rename" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Classics" })).toBeVisible();
    expect(await axeAtRest(page)).toEqual([]);

    await page.getByRole("link", { name: "Delete Classics" }).click();
    await expect(
      page.getByText("Delete the watchlist Classics and everything in it?"),
    ).toBeVisible();
    expect(await axeAtRest(page)).toEqual([]);
    await page.getByRole("link", { name: "Keep it" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Classics" })).toBeVisible();
    await page.getByRole("link", { name: "Delete Classics" }).click();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText("You have no watchlists yet.")).toBeVisible();
    await expect(page).toHaveURL(/\/realm\/arena\/watchlists$/);
  });

  test("liga favourites show the items; signed-out visitors are invited to sign in", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "liga");
    const [video] = await cards(baseURL!, "liga", "/v2/vods?rpp=1");
    await addToList(baseURL!, "liga", account.authorisationToken, "favourites", video!);
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
    await page.goto("/realm/liga/favourites");
    await expect(page.getByRole("heading", { level: 1, name: "Favoritos" })).toBeVisible();
    expect(await titles(page)).toEqual([video!.title]);
    expect(await axeAtRest(page)).toEqual([]);

    await context.clearCookies();
    await page.goto("/realm/liga/favourites");
    await expect(page.getByText("Sign in to keep your lists of what to watch.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Sign in" })).toHaveAttribute(
      "href",
      "/realm/liga/login?from=%2Ffavourites",
    );
    expect(await axeAtRest(page)).toEqual([]);
  });
});

test.describe("viewer lists without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("create a watchlist, keep a refused name, reorder and remove by plain form posts", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "arena");
    const token = account.authorisationToken;
    await signIn(context, baseURL!, token, account.refreshToken);
    await page.goto("/realm/arena/watchlists");
    const long = "x".repeat(61);
    await page.getByLabel("Watchlist name", { exact: true }).evaluate((input, value) => {
      (input as HTMLInputElement).removeAttribute("maxlength");
      (input as HTMLInputElement).value = value;
    }, long);
    await page.getByRole("button", { name: "Create watchlist" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Give the watchlist a name of 1 to 60 characters.",
    );
    // What was typed is still there to correct.
    await expect(page.getByLabel("Watchlist name", { exact: true })).toHaveValue(long);

    await page.getByLabel("Watchlist name", { exact: true }).fill("Prelims");
    await page.getByRole("button", { name: "Create watchlist" }).click();
    await expect(page).toHaveURL(/\/realm\/arena\/watchlists$/);
    await expect(page.getByRole("heading", { level: 2, name: "Prelims" })).toBeVisible();

    const lists = await platformCall(baseURL!, "arena", "/v2/lists", { token });
    const watchlist = (
      (await lists.json()) as { lists: { id: string; kind: string }[] }
    ).lists.find((l) => l.kind === "WATCHLIST")!;
    const videos = (await cards(baseURL!, "arena", "/v2/vods?rpp=2")).slice(0, 2);
    for (const video of videos) await addToList(baseURL!, "arena", token, watchlist.id, video);
    await page.goto("/realm/arena/watchlists");
    const [a, b] = videos.map((v) => v.title);
    expect(await titles(page)).toEqual([b, a]);
    await page.getByRole("button", { name: `Move ${a} up` }).click();
    await expect.poll(() => titles(page)).toEqual([a, b]);
    await page.getByRole("button", { name: `Remove ${a}` }).click();
    await expect.poll(() => titles(page)).toEqual([b]);
  });
});
