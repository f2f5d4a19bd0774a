import type { APIRequestContext, Page } from "@playwright/test";
import { mediaScope, signMediaToken } from "../../platform/media/signing.ts";
import { DEMO_KEYS, TEST_MEDIA_SECRET } from "../fixtures/secrets.ts";
import { axeViolations } from "./axe.ts";
import { expect, test, TERRITORY_HEADER } from "./fixtures.ts";
import { signIn, signInWithPassword } from "./signed-in.ts";

type Realm = keyof typeof DEMO_KEYS;

interface Hit {
  id: number;
  title: string;
  duration?: number;
}

function platformHeaders(realm: Realm, extra: Record<string, string> = {}) {
  return {
    Accept: "application/json",
    App: "e2e-tests",
    Realm: realm,
    "X-Api-Key": DEMO_KEYS[realm],
    ...extra,
  };
}

async function platformGet<T>(request: APIRequestContext, realm: Realm, path: string): Promise<T> {
  const res = await request.get(path, { headers: platformHeaders(realm) });
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** The `nth` video of the realm at least `minSeconds` long, to seek around in. */
async function longVideo(
  request: APIRequestContext,
  realm: Realm,
  minSeconds = 600,
  nth = 0,
): Promise<Hit> {
  const { hits } = await platformGet<{ hits: Hit[] }>(request, realm, "/api/v2/vods?rpp=50");
  const video = hits.filter((hit) => (hit.duration ?? 0) >= minSeconds)[nth];
  if (!video) throw new Error(`no video ${nth} of ${minSeconds} s in ${realm}`);
  return video;
}

async function liveEvent(request: APIRequestContext, realm: Realm, title: string): Promise<Hit> {
  const { hits } = await platformGet<{ hits: Hit[] }>(
    request,
    realm,
    "/api/v2/events?status=LIVE&rpp=50",
  );
  const event = hits.find((hit) => hit.title.includes(title));
  if (!event) throw new Error(`no live event "${title}" in ${realm}`);
  return event;
}

/** A new liga account (its provider's fields), signed in on the platform. */
async function signUp(request: APIRequestContext, email: string) {
  const res = await request.post("/api/v2/user/pbr", {
    headers: platformHeaders("liga", { "Content-Type": "application/json" }),
    data: { email, secret: "watch-pass-1", taxNumber: "123.456.789-09", country: "BR" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { authorisationToken: string; refreshToken: string };
}

async function cardId(request: APIRequestContext, realm: Realm, ref: string): Promise<number> {
  const { hits } = await platformGet<{ hits: Hit[] }>(request, realm, `/api/v2/cards?ref=${ref}`);
  if (!hits[0]) throw new Error(`no ${ref} in ${realm}`);
  return hits[0].id;
}

interface VideoState {
  time: number;
  paused: boolean;
  muted: boolean;
  /** Seconds behind the end of the seekable range (a live stream's edge). */
  behindEdge: number;
  engine: string | null;
}

function videoState(page: Page): Promise<VideoState | null> {
  return page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>(".player video");
    if (!video) return null;
    const seekable = video.seekable;
    const end = seekable.length > 0 ? seekable.end(seekable.length - 1) : video.currentTime;
    return {
      time: video.currentTime,
      paused: video.paused,
      muted: video.muted,
      behindEdge: end - video.currentTime,
      engine: document.querySelector(".player")?.getAttribute("data-engine") ?? null,
    };
  });
}

async function timeOf(page: Page): Promise<number> {
  return (await videoState(page))?.time ?? -1;
}

/** Records the player's events (its `playerevent` DOM events) from the first page load on. */
async function recordPlayerEvents(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { playerEvents: string[] }).playerEvents = seen;
    document.addEventListener("playerevent", (event) => {
      seen.push((event as CustomEvent<{ type: string }>).detail.type);
    });
  });
  return () => page.evaluate(() => (window as unknown as { playerEvents: string[] }).playerEvents);
}

const PLAYBACK_START = { timeout: 30_000 };

// Leaving the page ends its playback session (the player's beacon), so the next test's device
// is not refused for streams an earlier test left open.
test.afterEach(async ({ page }) => {
  await page.goto("about:blank");
});

test("a video plays, seeks, and resumes where the viewer stopped after a reload", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  const video = await longVideo(request, "liga");
  await signInWithPassword(context, baseURL!, "liga", "viewer@liga.test");
  const events = await recordPlayerEvents(page);
  await page.goto(`/realm/liga/vod/${video.id}`);
  await expect(page.getByRole("heading", { level: 1, name: video.title })).toBeVisible();
  const player = page.getByRole("region", { name: `Video player: ${video.title}` });
  await expect(player).toBeVisible();

  await expect.poll(() => timeOf(page), PLAYBACK_START).toBeGreaterThan(3);
  expect((await videoState(page))?.engine).toBe("hls.js");
  // The page names hls.js's chunk, so the browser fetches it with the page's own code.
  await expect(page.locator('head link[rel="modulepreload"][href*="/hls-"]')).toHaveCount(1);

  await page.getByRole("slider", { name: "Seek" }).fill("240");
  await expect.poll(() => timeOf(page)).toBeGreaterThan(241);
  expect(await timeOf(page)).toBeLessThan(260);

  const saved = page.waitForResponse(
    (res) => res.url().includes("/playback/heartbeat") && res.request().method() === "POST",
  );
  await player.getByRole("button", { name: "Pause" }).click();
  expect((await saved).status()).toBe(204);
  const stoppedAt = await timeOf(page);
  expect(await events()).toEqual(
    expect.arrayContaining(["ready", "playing", "timeUpdate", "seeked", "pause"]),
  );

  await page.reload();
  await expect.poll(() => timeOf(page), PLAYBACK_START).toBeGreaterThan(stoppedAt - 1);
  expect(await timeOf(page)).toBeLessThan(stoppedAt + 15);
});

test("a video watched to its end is saved as watched and starts over next time", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  // Not the video the resume test leaves half-watched.
  const video = await longVideo(request, "liga", 600, 1);
  await signInWithPassword(context, baseURL!, "liga", "viewer@liga.test");
  await page.goto(`/realm/liga/vod/${video.id}`);
  await expect.poll(() => timeOf(page), PLAYBACK_START).toBeGreaterThan(1);
  const duration = await page.evaluate(
    () => document.querySelector<HTMLVideoElement>(".player video")!.duration,
  );

  // The heartbeat is a form; its position is in whole seconds.
  const savedAtEnd = page.waitForResponse((res) => {
    if (!res.url().includes("/playback/heartbeat")) return false;
    const position = /name="position"\r\n\r\n([\d.]+)/.exec(res.request().postData() ?? "");
    return Number(position?.[1] ?? 0) >= Math.floor(duration);
  }, PLAYBACK_START);
  await page.getByRole("slider", { name: "Seek" }).fill(String(Math.floor(duration - 3)));
  expect((await savedAtEnd).status()).toBe(204);
  await expect(page.getByRole("button", { name: "Play" }).first()).toBeVisible();

  await page.reload();
  await expect.poll(() => timeOf(page), PLAYBACK_START).toBeGreaterThan(1);
  expect(await timeOf(page)).toBeLessThan(15);
});

test("a live event plays near its edge, seeks back inside the DVR window and goes live again", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  const event = await liveEvent(request, "arena", "AFC 24/7");
  await signInWithPassword(context, baseURL!, "arena", "viewer@arena.test");
  await page.goto(`/realm/arena/live/${event.id}`);
  await expect.poll(() => timeOf(page), PLAYBACK_START).toBeGreaterThan(0);
  const started = await timeOf(page);
  await expect.poll(() => timeOf(page), PLAYBACK_START).toBeGreaterThan(started + 2);
  // Within a few segments of the edge.
  expect((await videoState(page))!.behindEdge).toBeLessThan(15);
  const player = page.getByRole("region", { name: `Video player: ${event.title}` });
  await expect(player.getByRole("button", { name: "Watching live" })).toBeVisible();

  // The realm has DVR: 1740 s of window. Two minutes back is well inside it.
  const now = await timeOf(page);
  await player
    .getByRole("slider", { name: "Seek in the live window" })
    .fill(String(Math.floor(now - 120)));
  await expect.poll(async () => (await videoState(page))!.behindEdge).toBeGreaterThan(100);
  const behind = await timeOf(page);
  await expect.poll(() => timeOf(page), PLAYBACK_START).toBeGreaterThan(behind + 2);
  const goLive = player.getByRole("button", { name: "Go live" });
  await expect(goLive).toBeVisible();

  await goLive.click();
  await expect
    .poll(async () => (await videoState(page))!.behindEdge, PLAYBACK_START)
    .toBeLessThan(15);
  await expect(player.getByRole("button", { name: "Watching live" })).toBeVisible();
});

test.describe("the playback error modal", () => {
  const modal = (page: Page) => page.getByRole("alertdialog", { name: "We can't play this" });

  test("says when the viewer's subscription does not include the video", async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const id = await cardId(
      request,
      "liga",
      "VIDEO:reprise-r25-estrela-do-norte-x-clube-atlantico",
    );
    // An account of this test's own, with the terms accepted and no licence.
    const tokens = await signUp(request, `unlicensed-${Date.now()}@liga.test`);
    const consent = await request.put("/api/v2/consent-prompt", {
      headers: platformHeaders("liga", {
        Authorization: `Bearer ${tokens.authorisationToken}`,
        "Content-Type": "application/json",
      }),
      data: [{ promptField: "termsAndConditions", answer: true }],
    });
    expect(consent.status()).toBe(200);
    await signIn(context, baseURL!, tokens.authorisationToken, tokens.refreshToken);
    await page.goto(`/realm/liga/vod/${id}`);
    // A new liga account speaks the realm's language, Portuguese.
    const refusal = page.getByRole("alertdialog", { name: "Não conseguimos reproduzir" });
    await expect(refusal).toContainText("A sua subscrição não inclui este conteúdo");
    await expect(refusal.getByRole("link", { name: "Voltar ao início" })).toHaveAttribute(
      "href",
      "/realm/liga/home",
    );
  });

  test("says when the event is not available in the viewer's territory", async ({
    page,
    request,
  }) => {
    const event = await liveEvent(request, "liga", "Serrano x Porto Real");
    await page.setExtraHTTPHeaders({ [TERRITORY_HEADER]: "US" });
    await page.goto(`/realm/liga/live/${event.id}`);
    await expect(modal(page)).toContainText("isn't available in your country or region");
  });

  test("says when the account already plays on as many devices as it may", async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const video = await longVideo(request, "liga");
    const tokens = await signInWithPassword(context, baseURL!, "liga", "viewer@liga.test");
    const auth = { Authorization: `Bearer ${tokens.authorisationToken}` };
    const sessions: string[] = [];
    try {
      for (const device of ["e2e-tv", "e2e-phone"]) {
        const res = await request.get(`/api/v2/playback/vod/${video.id}`, {
          headers: platformHeaders("liga", { ...auth, "X-Device-Id": device }),
        });
        expect(res.status()).toBe(200);
        sessions.push(((await res.json()) as { sessionId: string }).sessionId);
      }
      await page.goto(`/realm/liga/vod/${video.id}`);
      await expect(modal(page)).toContainText("You're already watching on too many devices");
    } finally {
      for (const session of sessions) {
        await request.delete(`/api/v2/playback/session/${session}`, {
          headers: platformHeaders("liga", auth),
        });
      }
    }
  });

  test("says the viewing session ended when the stream's signature has expired", async ({
    page,
    request,
  }) => {
    const video = await longVideo(request, "liga");
    const scope = mediaScope("vod", video.id);
    // Every media request goes out with a signature that expired a minute ago, also after the
    // player asks for a fresh grant.
    await page.route(`**${scope}**`, (route) => {
      const url = new URL(route.request().url());
      const [, token] = url.pathname.slice(scope.length - 1).split("/");
      const session = token!.split(".")[1]!;
      const expired = signMediaToken(TEST_MEDIA_SECRET, {
        scope,
        session,
        expiresAt: Math.floor(Date.now() / 1000) - 60,
      });
      url.pathname = url.pathname.replace(token!, expired);
      return route.continue({ url: url.toString() });
    });
    const grants = page.waitForResponse((res) => res.url().includes(`/playback/vod/${video.id}`));
    await page.goto(`/realm/liga/vod/${video.id}`);
    expect((await grants).status()).toBe(200);
    await expect(modal(page)).toContainText("Your viewing session has ended");
    await expect(modal(page).getByRole("link", { name: "Refresh" })).toHaveAttribute(
      "href",
      "/realm/liga",
    );
  });

  test("is not shown to search engine crawlers", async ({ browser, request, baseURL }) => {
    const event = await liveEvent(request, "liga", "Serrano x Porto Real");
    const crawler = await browser.newContext({
      baseURL,
      userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      extraHTTPHeaders: { [TERRITORY_HEADER]: "US" },
    });
    const page = await crawler.newPage();
    await page.goto(`/realm/liga/live/${event.id}`);
    await expect(page.getByRole("heading", { level: 1, name: event.title })).toBeVisible();
    await expect(modal(page)).toHaveCount(0);
    await expect(page.locator("video")).toHaveCount(0);
    await crawler.close();
  });
});

test("segments that fail to load offer a retry, which plays again", async ({ page, request }) => {
  const video = await longVideo(request, "liga");
  await page.goto(`/realm/liga/vod/${video.id}`);
  await expect.poll(() => timeOf(page), PLAYBACK_START).toBeGreaterThan(1);

  const segments = /\/media\/vod\/\d+\/[^/]+\/[^/]+\/\d+\.ts$/;
  await page.route(segments, (route) => route.abort("connectionreset"));
  // Far ahead of the buffer, so the next segments must come from the network.
  await page.getByRole("slider", { name: "Seek" }).fill("400");
  const alert = page.getByRole("alert").filter({ hasText: "The video stopped loading" });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  const retry = alert.getByRole("button", { name: "Try again" });
  await expect(retry).toBeFocused();

  await page.unroute(segments);
  await page.keyboard.press("Enter");
  await expect(alert).toBeHidden();
  await expect.poll(() => timeOf(page), PLAYBACK_START).toBeGreaterThan(402);
});

test("the player is usable by keyboard alone", async ({ page, request }) => {
  const video = await longVideo(request, "liga");
  await page.goto(`/realm/liga/vod/${video.id}`);
  await expect.poll(() => timeOf(page), PLAYBACK_START).toBeGreaterThan(1);
  const player = page.getByRole("region", { name: `Video player: ${video.title}` });
  const pause = player.getByRole("button", { name: "Pause" });

  for (let i = 0; i < 80 && !(await pause.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(pause).toBeFocused();
  await page.keyboard.press("Space");
  await expect.poll(async () => (await videoState(page))!.paused).toBe(true);
  const play = player.getByRole("button", { name: "Play" });
  await expect(play).toBeFocused();

  // Shortcuts: "l" jumps 10 s ahead, "m" toggles sound, "k" plays.
  const before = await timeOf(page);
  await page.keyboard.press("l");
  await expect.poll(() => timeOf(page)).toBeGreaterThan(before + 9);
  // Chromium may refuse autoplay with sound, and the player then starts muted: "m" toggles
  // whichever state the player is in.
  const mutedBefore = (await videoState(page))!.muted;
  await page.keyboard.press("m");
  await expect.poll(async () => (await videoState(page))!.muted).toBe(!mutedBefore);
  await expect(
    player.getByRole("button", { name: mutedBefore ? "Mute" : "Unmute", exact: true }).first(),
  ).toBeVisible();

  // The seek slider moves 5 s with each arrow key, however fast the keys come.
  const seek = player.getByRole("slider", { name: "Seek" });
  await seek.focus();
  const atSlider = await timeOf(page);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => timeOf(page)).toBeGreaterThan(atSlider + 9);
  expect(await timeOf(page)).toBeLessThan(atSlider + 11);

  // Quality: the menu opens from the keyboard and picks a rendition.
  const quality = player.getByRole("button", { name: "Quality" });
  await quality.focus();
  await page.keyboard.press("Enter");
  const lowest = page.getByRole("menuitemradio", { name: "180p" });
  await expect(lowest).toBeVisible();
  await expect(page.getByRole("menuitemradio", { name: /^Auto/ })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await lowest.focus();
  await page.keyboard.press("Enter");
  await expect(lowest).toBeHidden();
  await expect(quality).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitemradio", { name: "180p" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(quality).toBeFocused();

  await page.keyboard.press("k");
  await expect.poll(async () => (await videoState(page))!.paused).toBe(false);

  // With nothing focused, as after a click on the page, the shortcuts still reach the player.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("k");
  await expect.poll(async () => (await videoState(page))!.paused).toBe(true);
});

test("subtitles are chosen from the player's menu and follow the picture", async ({
  page,
  request,
}) => {
  const video = await longVideo(request, "liga");
  await page.goto(`/realm/liga/vod/${video.id}`);
  await expect.poll(() => timeOf(page), PLAYBACK_START).toBeGreaterThan(0.5);
  const player = page.getByRole("region", { name: `Video player: ${video.title}` });
  const subtitles = player.getByRole("button", { name: "Subtitles" });
  await subtitles.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitemradio", { name: "Off" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await page.getByRole("menuitemradio", { name: "English" }).focus();
  await page.keyboard.press("Enter");
  // hls.js shows the track natively; its cues say where in the video they belong.
  const cue = () =>
    page.evaluate(() => {
      const video = document.querySelector<HTMLVideoElement>(".player video")!;
      const showing = Array.from(video.textTracks).find((track) => track.mode === "showing");
      const active = showing?.activeCues?.[0] as VTTCue | undefined;
      return active ? { text: active.text, at: video.currentTime } : null;
    });
  await expect.poll(async () => (await cue())?.text ?? "", PLAYBACK_START).toMatch(/^Subtitles /);
  const { text, at } = (await cue())!;
  const [h, m, s] = text.replace("Subtitles ", "").split(":").map(Number);
  // The cue covers the 2 s segment playing now.
  expect(Math.abs(h! * 3600 + m! * 60 + s! - at)).toBeLessThanOrEqual(2.5);

  await subtitles.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitemradio", { name: "English" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await page.keyboard.press("Escape");
});

test.describe("watch pages pass axe checks", () => {
  test("an on-demand video playing", async ({ page, request }) => {
    const video = await longVideo(request, "liga");
    await page.goto(`/realm/liga/vod/${video.id}`);
    await expect.poll(() => timeOf(page), PLAYBACK_START).toBeGreaterThan(0.5);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("a live event playing", async ({ page, context, baseURL, request }) => {
    const event = await liveEvent(request, "arena", "AFC 24/7");
    await signInWithPassword(context, baseURL!, "arena", "viewer@arena.test");
    await page.goto(`/realm/arena/live/${event.id}`);
    await expect.poll(() => timeOf(page), PLAYBACK_START).toBeGreaterThan(0.5);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the error modal", async ({ page, request }) => {
    const blocked = await liveEvent(request, "liga", "Serrano x Porto Real");
    await page.setExtraHTTPHeaders({ [TERRITORY_HEADER]: "US" });
    await page.goto(`/realm/liga/live/${blocked.id}`);
    await expect(page.getByRole("alertdialog")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
