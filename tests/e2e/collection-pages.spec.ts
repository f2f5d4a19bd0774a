import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_KEYS } from "../fixtures/secrets.ts";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signInAs } from "./signed-in.ts";

type Realm = keyof typeof DEMO_KEYS;

/** The platform id of a demo playlist or series, by its key in the realm's content.json. */
async function idOf(request: APIRequestContext, realm: Realm, type: string, key: string) {
  const res = await request.get(`/api/v2/${type}/by-key/${key}`, {
    headers: { Realm: realm, "X-Api-Key": DEMO_KEYS[realm], App: "e2e" },
  });
  expect(res.status(), `${type} ${key}`).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

/** The first video of a playlist, as the platform lists it. */
async function firstVideoOf(request: APIRequestContext, realm: Realm, playlistId: number) {
  const res = await request.get(`/api/v2/playlist/${playlistId}`, {
    headers: { Realm: realm, "X-Api-Key": DEMO_KEYS[realm], App: "e2e" },
  });
  return ((await res.json()) as { videos: { id: number; title: string }[] }).videos[0]!;
}

const playButton = (page: Page) => page.getByRole("link", { name: "Play", exact: true });

test.describe("series and season pages: the item's sponsor", () => {
  // Arena shows its content to signed-in customers only (no full guest access).
  test.beforeEach(({ context, baseURL }) => signInAs(context, baseURL!, "arena", "CUSTOMER"));

  test("a series page links its sponsor's logo out in a new tab, 300 px wide from an image twice as wide", async ({
    page,
    request,
  }) => {
    const id = await idOf(request, "arena", "series", "fight-camp");
    await page.goto(`/realm/arena/series/${id}`);
    // Arena shows series as their template page unless asked for the interstitial.
    await expect(page.getByRole("region", { name: "Seasons" })).toBeVisible();
    const sponsor = page.getByRole("link", { name: /^Titan Energy/ });
    await expect(sponsor).toHaveAttribute("href", "https://titan-energy.example.com");
    await expect(sponsor).toHaveAttribute("target", "_blank");
    await expect(sponsor).toHaveAttribute("rel", /\bnoopener\b/);
    const logo = sponsor.getByRole("img", { name: "Titan Energy" });
    await expect(logo).toHaveAttribute(
      "src",
      /\/images\/arena\/sponsor\/titan-energy\.webp\?w=600$/,
    );
    await expect(logo).toHaveJSProperty("complete", true);
    const shown = (await logo.boundingBox())!.width;
    expect(shown).toBe(300);
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThanOrEqual(
      2 * shown,
    );
  });

  test("a series whose sponsor is hidden shows no logo", async ({ page, request }) => {
    const id = await idOf(request, "arena", "series", "cornered");
    await page.goto(`/realm/arena/series/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cornered");
    await expect(page.locator(".block-sponsor")).toHaveCount(0);
  });
});

test.describe("the interstitial page", () => {
  test.beforeEach(({ context, baseURL }) => signInAs(context, baseURL!, "arena", "CUSTOMER"));

  test("shows in place of a playlist's page where the realm enables it", async ({
    page,
    request,
  }) => {
    const id = await idOf(request, "arena", "playlist", "road-to-afc-212");
    const first = await firstVideoOf(request, "arena", id);
    const response = await page.goto(`/realm/arena/playlist/${id}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`/realm/arena/playlist/${id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Road to AFC 212: Okafor vs. Lindqvist",
    );
    await expect(page).toHaveTitle("Road to AFC 212: Okafor vs. Lindqvist · Arena Fight Pass");
    await expect(playButton(page)).toHaveAttribute("href", `/realm/arena/vod/${first.id}`);
    await expect(playButton(page)).toHaveAccessibleDescription(`Starts with ${first.title}`);
    const videos = page.getByRole("region", { name: "Videos" }).getByRole("listitem");
    await expect(videos).toHaveCount(7);
    await expect(videos.first().getByRole("link")).toHaveAttribute(
      "href",
      `/realm/arena/vod/${first.id}`,
    );
    const sponsor = page.getByRole("link", { name: /^Titan Energy/ });
    await expect(sponsor).toHaveAttribute("target", "_blank");
    await expect(sponsor.getByRole("img")).toHaveAttribute("src", /w=600$/);
    // The template page's own blocks are not there.
    await expect(page.locator(".block-details")).toHaveCount(0);
  });

  test("shows for a series only when asked with showInterstitial=true", async ({
    page,
    request,
  }) => {
    const id = await idOf(request, "arena", "series", "fight-camp");
    await page.goto(`/realm/arena/series/${id}`);
    await expect(page.getByRole("region", { name: "Seasons" })).toBeVisible();
    await expect(playButton(page)).toHaveCount(0);

    await page.goto(`/realm/arena/series/${id}?showInterstitial=true`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fight Camp");
    await expect(playButton(page)).toHaveAttribute("href", /^\/realm\/arena\/vod\/\d+$/);
    await expect(playButton(page)).toHaveAccessibleDescription("Starts with The Offer");
    for (const [season, episodes] of [
      ["Road to AFC 210", 4],
      ["Road to AFC 212", 5],
    ] as const) {
      await expect(
        page.getByRole("region", { name: season }).getByRole("listitem"),
        season,
      ).toHaveCount(episodes);
    }
    await expect(page.getByRole("region", { name: "Seasons" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Titan Energy/ })).toBeVisible();

    await page.goto(`/realm/arena/series/${id}?showInterstitial=false`);
    await expect(page.getByRole("region", { name: "Seasons" })).toBeVisible();
  });

  test("has no axe violations, and its Play button is reached and followed by keyboard", async ({
    page,
    request,
  }) => {
    const id = await idOf(request, "arena", "playlist", "road-to-afc-212");
    const first = await firstVideoOf(request, "arena", id);
    await page.goto(`/realm/arena/playlist/${id}`);
    await page.locator("html[data-hydrated]").waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // From the top of the document, Tab moves through the header to the Play button.
    await page.locator("body").focus();
    let reached = false;
    for (let presses = 0; presses < 40 && !reached; presses++) {
      await page.keyboard.press("Tab");
      reached = await playButton(page).evaluate((el) => el === document.activeElement);
    }
    expect(reached, "Play is reachable with Tab").toBe(true);
    await expect(playButton(page)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/realm/arena/vod/${first.id}$`));
  });

  test("the interstitial path shows a playlist's interstitial where enabled, else its page", async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const arenaId = await idOf(request, "arena", "playlist", "road-to-afc-212");
    await page.goto(`/realm/arena/interstitial/${arenaId}`);
    await expect(page).toHaveURL(new RegExp(`/realm/arena/interstitial/${arenaId}$`));
    await expect(playButton(page)).toBeVisible();
    expect((await page.goto("/realm/arena/interstitial/999999"))?.status()).toBe(404);

    // Liga does not enable the interstitial: the path leads to the playlist's own page.
    await signInAs(context, baseURL!, "liga", "CUSTOMER");
    const ligaId = await idOf(request, "liga", "playlist", "gols-da-rodada");
    await page.goto(`/realm/liga/interstitial/${ligaId}?utm_source=x`);
    await expect(page).toHaveURL(new RegExp(`/realm/liga/playlist/${ligaId}\\?utm_source=x$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gols da Rodada");
    await expect(playButton(page)).toHaveCount(0);
    await expect(page.locator(".block-details")).toBeVisible();
  });

  test("shows on every series of a realm with the series setting, for its guests too", async ({
    playwright,
    baseURL,
    request,
  }) => {
    const id = await idOf(request, "liga", "series", "bastidores-da-liga-nacional");
    // A new visitor, checked in as a guest on the way (liga gives guests full access).
    const visitor = await playwright.request.newContext({ baseURL });
    const res = await visitor.get(`/realm/liga/series/${id}`, {
      headers: { "Accept-Language": "pt" },
    });
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain("interstitial-play");
    expect(html).toContain(">Reproduzir<");
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/series\/\d+"/);
    await visitor.dispose();
  });
});
