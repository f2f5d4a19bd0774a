import type { Browser, Page } from "@playwright/test";
import pg from "pg";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { hydrated } from "./keyboard.ts";
import { removeDir, seededDataDir, ServerProcess } from "./server-process.ts";
import { signIn } from "./signed-in.ts";
import { cards, freshAccount, watch, type Account } from "./watching.ts";

/** A liga video a new account may play (liga keeps a few behind a licence). */
async function openVideo(baseUrl: string, account: Account): Promise<number> {
  for (const card of await cards(baseUrl, "liga", "/v2/vods?rpp=20")) {
    if (card.type !== "VOD_VIDEO" || (card.duration ?? 0) < 300) continue;
    if (await watch(baseUrl, "liga", account.authorisationToken, `vod/${card.id}`, 0)) {
      return card.id;
    }
  }
  throw new Error("liga has no video a new account may play");
}

/** Where a page's video is now, on the machine's clock (both browsers run on it). */
const videoAt = (page: Page) =>
  page.locator("main video").evaluate((el: HTMLVideoElement) => ({
    position: el.currentTime,
    paused: el.paused,
    at: performance.timeOrigin + performance.now(),
  }));

/** The distance between two players, each placed at the same instant. */
async function apart(a: Page, b: Page): Promise<number> {
  const [one, other] = [await videoAt(a), await videoAt(b)];
  const rate = (v: { paused: boolean }) => (v.paused ? 0 : 1);
  const at = Math.max(one.at, other.at);
  const p1 = one.position + (rate(one) * (at - one.at)) / 1000;
  const p2 = other.position + (rate(other) * (at - other.at)) / 1000;
  return Math.abs(p1 - p2);
}

/**
 * Waits until both players are within half a second of each other, playing or paused alike.
 * Getting there may take a busy machine's two browsers a while (a player starting or
 * rebuffering stands still while the room moves on); once there, the test checks they stay.
 */
async function inStep(a: Page, b: Page, playing: boolean) {
  await expect
    .poll(
      async () => {
        const [one, other] = [await videoAt(a), await videoAt(b)];
        if (one.paused === playing || other.paused === playing) return Infinity;
        return apart(a, b);
      },
      { timeout: 20_000, intervals: [100] },
    )
    .toBeLessThan(0.5);
}

async function viewerPage(browser: Browser, baseUrl: string, account: Account) {
  const context = await browser.newContext({ baseURL: baseUrl, locale: "pt-BR" });
  await signIn(context, baseUrl, account.authorisationToken, account.refreshToken);
  return { context, page: await context.newPage() };
}

/** Opens a room from the watch page, has a friend join by its link; both players ready. */
async function roomOfTwo(browser: Browser, hostUrl: string, friendUrl: string) {
  const [hostAccount, friendAccount] = [
    await freshAccount(hostUrl, "liga"),
    await freshAccount(hostUrl, "liga"),
  ];
  const videoId = await openVideo(hostUrl, hostAccount);
  const host = await viewerPage(browser, hostUrl, hostAccount);
  const friend = await viewerPage(browser, friendUrl, friendAccount);
  await host.page.goto(`/realm/liga/vod/${videoId}`);
  await hydrated(host.page);
  await host.page.getByRole("button", { name: "Assistir juntos" }).click();
  await expect(host.page).toHaveURL(/\/realm\/liga\/watch-together\?room=[\w-]+$/);
  const link = await host.page.getByRole("textbox", { name: "Link de convite" }).inputValue();
  expect(link).toBe(host.page.url());
  const invite = new URL(link);
  await friend.page.goto(`${invite.pathname}${invite.search}`);
  await hydrated(friend.page);
  for (const page of [host.page, friend.page]) {
    await expect(page.getByRole("heading", { level: 2, name: "Na sala (2)" })).toBeVisible();
    await expect
      .poll(() => page.locator("main video").evaluate((el: HTMLVideoElement) => el.readyState))
      .toBeGreaterThanOrEqual(1);
  }
  return { host, friend };
}

test.describe("watch-together (/watch-together)", () => {
  test("two viewers stay within half a second through play, pause and seek; reactions, the host's lock, leaving", async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { host, friend } = await roomOfTwo(browser, baseURL!, baseURL!);
    try {
      const hostMain = host.page.getByRole("main");
      const friendMain = friend.page.getByRole("main");
      await expect(hostMain.getByRole("listitem").filter({ hasText: "anfitrião" })).toHaveCount(1);
      expect(await axeViolations(host.page)).toEqual([]);
      expect(await axeViolations(friend.page)).toEqual([]);

      // The host presses play with the player's own button: the friend's player follows.
      await hostMain.getByRole("button", { name: "Reproduzir" }).click();
      await inStep(host.page, friend.page, true);
      await expect(friendMain.getByRole("status").first()).toContainText("apertou play");

      // The friend seeks (as the seek bar does, on the video): the host jumps there too.
      await friend.page
        .locator("main video")
        .evaluate((el: HTMLVideoElement) => (el.currentTime = el.currentTime + 120));
      await expect
        .poll(async () => (await videoAt(host.page)).position, { timeout: 10_000 })
        .toBeGreaterThan(100);
      await inStep(host.page, friend.page, true);
      // Still together a few seconds on: drift is corrected by speed, not left to grow.
      await host.page.waitForTimeout(2_000);
      expect(await apart(host.page, friend.page)).toBeLessThan(0.5);

      // The friend pauses by keyboard on the player: both stop at the same place.
      await friendMain.getByRole("button", { name: "Pausa" }).focus();
      await friend.page.keyboard.press("Enter");
      await inStep(host.page, friend.page, false);

      // Reactions reach everyone.
      await friendMain.getByRole("button", { name: "Reagir com 🔥" }).click();
      await expect(hostMain.locator(".watch-together-feed")).toContainText("🔥");

      // The host locks the controls: the friend's play is undone, and said why.
      await hostMain.getByRole("button", { name: "Bloquear os controles" }).click();
      await expect(
        hostMain.getByRole("button", { name: "Desbloquear os controles" }),
      ).toHaveAttribute("aria-pressed", "true");
      await expect(
        friendMain.getByText("O anfitrião bloqueou os controles", { exact: false }),
      ).toBeVisible();
      await friendMain.getByRole("button", { name: "Reproduzir" }).click();
      await expect(friendMain.getByRole("alert").filter({ hasText: "bloqueou" })).toBeVisible();
      await expect
        .poll(async () => (await videoAt(friend.page)).paused, { timeout: 5_000 })
        .toBe(true);
      expect((await videoAt(host.page)).paused).toBe(true);

      // The friend leaves: the host sees the room of one.
      await friend.context.close();
      await expect(hostMain.getByRole("heading", { level: 2, name: "Na sala (1)" })).toBeVisible({
        timeout: 10_000,
      });
    } finally {
      await host.context.close();
      await friend.context.close().catch(() => {});
    }
  });

  test("a signed-out visitor is asked to sign in; a room that does not exist says so", async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.goto("/realm/liga/watch-together?room=AAAAAAAAAAAAAAAAAAAAAA");
    await expect(page.getByRole("main").getByRole("link", { name: "Sign in" })).toBeVisible();
    const viewer = await viewerPage(browser, baseURL!, await freshAccount(baseURL!, "liga"));
    try {
      const gone = await viewer.page.goto("/realm/liga/watch-together?room=AAAAAAAAAAAAAAAAAAAAAA");
      expect(gone?.status()).toBe(410);
      await expect(viewer.page.getByRole("main").getByRole("alert")).toContainText("fechada");
      expect(await axeViolations(viewer.page)).toEqual([]);
    } finally {
      await viewer.context.close();
    }
  });

  test("two viewers on two web servers sharing PostgreSQL stay in step", async ({ browser }) => {
    const databaseUrl = process.env.DATABASE_URL;
    test.skip(!databaseUrl, "DATABASE_URL is not set: no PostgreSQL to share");
    test.setTimeout(240_000);
    const name = `watch_together_${crypto.randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(databaseUrl!);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString(), LOG_REQUESTS: "false" };
    const dataDir = await seededDataDir();
    const servers: ServerProcess[] = [];
    try {
      // The first migrates and seeds the empty database; the second finds it ready.
      servers.push(await ServerProcess.start({ ...env, DATA_DIR: dataDir }, 180_000));
      servers.push(await ServerProcess.start({ ...env, DATA_DIR: dataDir }, 180_000));
      const [one, two] = servers as [ServerProcess, ServerProcess];
      const { host, friend } = await roomOfTwo(browser, one.url, two.url);
      try {
        await host.page.getByRole("main").getByRole("button", { name: "Reproduzir" }).click();
        await inStep(host.page, friend.page, true);
        await friend.page
          .locator("main video")
          .evaluate((el: HTMLVideoElement) => (el.currentTime = el.currentTime + 90));
        await expect
          .poll(async () => (await videoAt(host.page)).position, { timeout: 10_000 })
          .toBeGreaterThan(80);
        await inStep(host.page, friend.page, true);
        await host.page.getByRole("main").getByRole("button", { name: "Pausa" }).click();
        await inStep(host.page, friend.page, false);
      } finally {
        await host.context.close();
        await friend.context.close();
      }
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await removeDir(dataDir);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
