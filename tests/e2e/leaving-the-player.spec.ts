import type { BrowserContext, Page, Request } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { hydrated } from "./keyboard.ts";
import { createTokenIssuer, type AccessClaims } from "../../platform/auth/tokens.ts";
import { TEST_TOKEN_SECRET } from "../fixtures/secrets.ts";
import { signIn } from "./signed-in.ts";
import { cards, freshAccount, platformCall, watchFirstPlayable, type Account } from "./watching.ts";

/*
 * Every way of leaving a player keeps where the viewer stopped, sent once, before the next page
 * asks for the viewer's rows: a client navigation, a link in the live-now overlay, signing out
 * and closing the tab.
 */

const PLAYBACK_START = { timeout: 30_000 };

interface Watched {
  account: Account;
  video: { id: number; title: string };
  ends: Request[];
}

/** A fresh arena account signed in to `context`, playing a video it may play, 30 s in. */
async function playing(page: Page, context: BrowserContext, baseURL: string): Promise<Watched> {
  // Which video a new account may play: found with another new account, so that this one's
  // history starts empty.
  const scout = await freshAccount(baseURL, "arena");
  const videos = await cards(baseURL, "arena", "/v2/vods?rpp=30");
  const video = await watchFirstPlayable(
    baseURL,
    "arena",
    scout.authorisationToken,
    videos.filter((v) => (v.duration ?? 0) >= 120),
    0,
  );
  const account = await freshAccount(baseURL, "arena");
  await signIn(context, baseURL, account.authorisationToken, account.refreshToken);
  const ends: Request[] = [];
  context.on("request", (request) => {
    if (request.url().endsWith("/playback/end")) ends.push(request);
  });
  await page.goto(`/realm/arena/vod/${video.id}`);
  await hydrated(page);
  const time = () => page.evaluate(() => document.querySelector("video")?.currentTime ?? 0);
  await expect.poll(time, PLAYBACK_START).toBeGreaterThan(1);
  // Far enough in to be worth continuing (10 s or more).
  await page.getByRole("slider", { name: "Seek" }).fill("30");
  await expect.poll(time).toBeGreaterThan(31);
  return { account, video, ends };
}

async function historyOf(baseURL: string, token: string) {
  const res = await platformCall(baseURL, "arena", "/v2/history", { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { card: { id: number }; position: number }[] }).items;
}

/**
 * A token of the account's own, outside the browser's session, so that its history can be read
 * once the browser has ended that session (signing out, switching profile).
 */
async function ownToken(account: Account): Promise<string> {
  const {
    sid: _sid,
    exp: _exp,
    iat: _iat,
    iss: _iss,
    ...claims
  } = JSON.parse(
    Buffer.from(account.authorisationToken.split(".")[1]!, "base64url").toString(),
  ) as AccessClaims & { iat: number; iss: string };
  return createTokenIssuer(TEST_TOKEN_SECRET).issueAccess(claims);
}

/** The position the first end request sent (a multipart form). */
function positionOf(ends: Request[]): number {
  const match = /name="position"\r\n\r\n(\d+)/.exec(ends[0]!.postData() ?? "");
  return match ? Number(match[1]) : NaN;
}

test.describe("leaving the player", () => {
  test("by a link inside the app: home's Continue watching has the video at once", async ({
    page,
    context,
    baseURL,
  }) => {
    const { video, ends } = await playing(page, context, baseURL!);
    await page.getByRole("banner").getByRole("link", { name: "Home" }).first().click();
    await expect(page).toHaveURL(/\/realm\/arena\/home$/);
    const row = page.getByRole("region", { name: "Continue watching" });
    await expect(row).toBeVisible();
    await expect(row.locator("a.card")).toHaveAccessibleName(video.title);
    expect(ends).toHaveLength(1);
  });

  test("through the live-now overlay: the video is in the history, its position sent once", async ({
    page,
    context,
    baseURL,
  }) => {
    const { account, video, ends } = await playing(page, context, baseURL!);
    await page.getByRole("banner").locator("a.header-live").click();
    const overlay = page.getByRole("dialog", { name: "Live now" });
    await overlay.locator("a.card").first().click();
    await expect(page).toHaveURL(/\/realm\/arena\/live\/\d+$/);
    await expect.poll(() => ends.length).toBe(1);
    expect(positionOf(ends)).toBeGreaterThanOrEqual(30);
    const items = await historyOf(baseURL!, account.authorisationToken);
    const item = items.find((i) => i.card.id === video.id);
    expect(item?.position).toBeGreaterThanOrEqual(30);
  });

  test("by signing out: the position is kept before the session goes", async ({
    page,
    context,
    baseURL,
  }) => {
    const { account, video, ends } = await playing(page, context, baseURL!);
    const authorisationToken = await ownToken(account);
    await page.setViewportSize({ width: 1280, height: 800 });
    const menu = page.getByRole("banner").getByRole("navigation", { name: "Main menu" });
    await menu.getByRole("button", { name: "More" }).click();
    await page.getByRole("menu").getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page).not.toHaveURL(/\/vod\//);
    expect(ends).toHaveLength(1);
    const items = await historyOf(baseURL!, authorisationToken);
    expect(items.find((i) => i.card.id === video.id)?.position).toBeGreaterThanOrEqual(30);
  });

  test("by switching profile: the position stays with the profile that watched", async ({
    page,
    context,
    baseURL,
  }) => {
    const { account, video, ends } = await playing(page, context, baseURL!);
    const authorisationToken = await ownToken(account);
    const added = await platformCall(baseURL!, "arena", "/v2/user/profiles", {
      method: "POST",
      token: authorisationToken,
      body: { name: "Sam", type: "ADULT" },
    });
    expect(added.status).toBe(201);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("button", { name: "Account and profiles" }).click();
    await page.getByRole("menuitem", { name: "Switch profile" }).click();
    const picker = page.getByRole("dialog", { name: "Who's watching?" });
    await picker.getByRole("button", { name: /^Sam/ }).click();
    await expect(page.locator(".toast", { hasText: "Profile switched." })).toBeVisible();
    await expect.poll(() => ends.length).toBe(1);
    expect(positionOf(ends)).toBeGreaterThanOrEqual(30);
    const items = await historyOf(baseURL!, authorisationToken);
    expect(items.find((i) => i.card.id === video.id)?.position).toBeGreaterThanOrEqual(30);
  });

  test("by closing the tab: the beacon keeps the position", async ({ page, context, baseURL }) => {
    const { account, video } = await playing(page, context, baseURL!);
    await page.close({ runBeforeUnload: true });
    await expect
      .poll(async () =>
        (await historyOf(baseURL!, account.authorisationToken)).find((i) => i.card.id === video.id),
      )
      .toEqual(expect.objectContaining({ position: expect.any(Number) }));
    const items = await historyOf(baseURL!, account.authorisationToken);
    expect(items.find((i) => i.card.id === video.id)!.position).toBeGreaterThanOrEqual(30);
  });
});
