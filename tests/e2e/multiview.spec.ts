import type { Locator, Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { hydrated } from "./keyboard.ts";
import { signIn } from "./signed-in.ts";
import { freshAccount } from "./watching.ts";

/** Arena's events live now that need no licence: a fresh account may play each of them. */
const OPEN_LIVE = [
  "AFC 24/7",
  "AFC Fight Night 89: Cage-Side Cam",
  "AFC Fight Night 89: Studio Show",
];

/** Whether the tile's video plays: time moves on, from a Media Source (hls.js), not paused. */
const playing = (video: Locator) =>
  video.evaluate(
    (el: HTMLVideoElement) =>
      new Promise<boolean>((resolve) => {
        const start = el.currentTime;
        setTimeout(
          () => resolve(!el.paused && el.currentTime > start && el.src.startsWith("blob:")),
          700,
        );
      }),
  );

/** The titles of the tiles whose sound is on. */
const withSound = (page: Page) =>
  page
    .locator("main .multiview-tile")
    .evaluateAll((tiles) =>
      tiles
        .filter((tile) => tile.querySelector("video")?.muted === false)
        .map((tile) => tile.getAttribute("aria-label")),
    );

test.describe("multi-view (/multiview)", () => {
  test("plays three live events side by side, the sound on one, by click and by number key; swaps the large tile; closing a tile ends its stream", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "arena");
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
    const ends: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/playback/end")) ends.push(request.postData() ?? "");
    });
    await page.goto("/realm/arena/multiview");
    await hydrated(page);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Multi-view" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // One event is not enough.
    await main.getByRole("checkbox", { name: OPEN_LIVE[0] }).check();
    await main.getByRole("button", { name: "Watch side by side" }).click();
    await expect(main.getByRole("alert")).toHaveText(
      "Pick between 2 and 4 events that are live now.",
    );

    for (const title of OPEN_LIVE) await main.getByRole("checkbox", { name: title }).check();
    await main.getByRole("button", { name: "Watch side by side" }).click();
    const tiles = main.locator(".multiview-tile");
    await expect(tiles).toHaveCount(3);
    await hydrated(page);
    // The tiles come in the order the picker lists them.
    const titles = await tiles.evaluateAll((all) =>
      all.map((tile) => tile.getAttribute("aria-label")!),
    );
    expect([...titles].sort()).toEqual([...OPEN_LIVE].sort());
    for (const index of titles.keys()) {
      await expect
        .poll(() => playing(tiles.nth(index).locator("video")), { timeout: 30_000 })
        .toBe(true);
    }
    // The first is large; the sound follows a click on a tile's button...
    await expect(tiles.nth(0)).toHaveClass(/is-large/);
    await main.getByRole("button", { name: `Sound: ${titles[1]}` }).click();
    await expect.poll(() => withSound(page)).toEqual([titles[1]]);
    await expect(main.getByRole("button", { name: `Sound: ${titles[1]}` })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(await playing(tiles.nth(1).locator("video"))).toBe(true);
    // ...and the number keys.
    await page.keyboard.press("3");
    await expect.poll(() => withSound(page)).toEqual([titles[2]]);
    expect(await playing(tiles.nth(2).locator("video"))).toBe(true);

    // Swapped into the large tile, it keeps playing.
    await main.getByRole("button", { name: `Show large: ${titles[2]}` }).click();
    await expect(tiles.nth(2)).toHaveClass(/is-large/);
    await expect(tiles.nth(0)).not.toHaveClass(/is-large/);
    expect(await playing(tiles.nth(2).locator("video"))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Nothing so far ended a stream; closing a tile ends its own, and the address follows.
    expect(ends).toEqual([]);
    await main.getByRole("link", { name: `Close: ${titles[0]}` }).click();
    await expect.poll(() => ends.length).toBe(1);
    await expect(tiles).toHaveCount(2);
    await expect.poll(() => new URL(page.url()).searchParams.getAll("event").length).toBe(2);
    await expect.poll(() => withSound(page)).toEqual([titles[2]]);
  });

  test("sends a signed-out visitor to sign in first, and is not there where the realm has no multi-view", async ({
    page,
  }) => {
    await page.goto("/realm/arena/multiview");
    await expect(page.getByRole("main").getByRole("heading", { name: "Sign in" })).toBeVisible();
    expect(new URL(page.url()).searchParams.get("from")).toBe("/multiview");
    const liga = await page.goto("/realm/liga/multiview");
    expect(liga?.status()).toBe(404);
  });
});
